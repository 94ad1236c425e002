# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent reference of docs/metrics.md 13.5: the FLOPs and bytes of an operator from its shapes.

Written from the page only (see strata_reference.py for the rules of this reference). `work(name,
args)` is the model's reading of one operator: None when its name has no model or the model cannot
read its shapes, else a dict {kind, flops, bytes, params, assumed}.

Readings of the page (continuing strata_usage.py's)
A48 The float8 types are every `c10::Float8_…` type ("their fnuz forms" and the like).
A49 An input "of sizes" is an `Input Dims` entry that is a non-empty list; one whose type has no size
    makes the bytes unknown (a GEMM, attention or convolution keeps its FLOPs; the bytes-only models
    have no model then).
A50 A Concrete Inputs list is read as its integers in order; one integer holds for every dimension.
A51 Attention's and convolution's outputs, and every model's, take the type of the first tensor input.
"""

SIZES = {'c10::complex<double>': 16, 'double': 8, 'long': 8, 'long int': 8, 'int64_t': 8,
         'c10::complex<float>': 8, 'float': 4, 'int': 4, 'c10::ComplexHalf': 4, 'c10::Half': 2,
         'c10::BFloat16': 2, 'short': 2, 'signed char': 1, 'unsigned char': 1, 'bool': 1}
FLOATING = ('double', 'float', 'c10::Half', 'c10::BFloat16')

GEMMS = {'aten::mm': (0, False), 'aten::addmm': (1, False), 'aten::bmm': (0, True),
         'aten::baddbmm': (1, True)}
# name: (layout [b, L, h, E], index of the mask in Concrete Inputs, xFormers' custom_mask_type)
ATTENTION = {
    'aten::scaled_dot_product_attention': (False, 5, False),
    'aten::_scaled_dot_product_flash_attention': (False, 4, False),
    'aten::_scaled_dot_product_efficient_attention': (False, 6, False),
    'aten::_scaled_dot_product_cudnn_attention': (False, 6, False),
    'aten::_flash_attention_forward': (True, 8, False),
    'aten::_efficient_attention_forward': (True, 9, True),
}
# name: indexes of stride, padding, dilation, groups, transposed, output padding (None: none)
CONVOLUTIONS = {
    'aten::conv1d': (3, 4, 5, 6, None, None), 'aten::conv2d': (3, 4, 5, 6, None, None),
    'aten::conv3d': (3, 4, 5, 6, None, None), 'aten::convolution': (3, 4, 5, 8, 6, 7),
    'aten::_convolution': (3, 4, 5, 8, 6, 7), 'aten::cudnn_convolution': (3, 2, 4, 5, None, None),
    'aten::miopen_convolution': (4, 3, 5, 6, None, None),
}
ARITHMETIC = ('aten::add', 'aten::sub', 'aten::mul', 'aten::div')
UNARY = ('aten::neg', 'aten::abs', 'aten::exp', 'aten::sqrt', 'aten::rsqrt', 'aten::pow',
         'aten::relu', 'aten::gelu', 'aten::silu', 'aten::sigmoid', 'aten::tanh',
         'aten::clamp_min')
NORMS = ('aten::layer_norm', 'aten::native_layer_norm', 'aten::rms_norm', 'aten::_fused_rms_norm',
         'aten::group_norm', 'aten::native_group_norm', 'aten::batch_norm',
         'aten::native_batch_norm', 'aten::cudnn_batch_norm', 'aten::miopen_batch_norm',
         'aten::softmax', 'aten::_softmax', 'aten::log_softmax', 'aten::_log_softmax')

NOT_CAUSAL = 'is_causal not recorded: counted as not causal'
SAME_SIZE = 'stride, padding and dilation not recorded: an output the size of the input assumed'


def elementwise_base(name):
    """The elementwise name of `name` or of its in-place form; None for others."""
    base = name[:-1] if name.endswith('_') else name
    return base if base in ARITHMETIC or base in UNARY else None


def has_model(name):
    return (name in GEMMS or name in ATTENTION or name in CONVOLUTIONS or name in NORMS
            or name == 'aten::copy_' or elementwise_base(name) is not None)


def type_size(t):
    if not isinstance(t, str):
        return 0
    if t.startswith('c10::Float8_'):  # A48
        return 1
    return SIZES.get(t, 0)


def product(sizes):
    n = 1
    for s in sizes:
        n *= s
    return n


class Inputs:
    def __init__(self, args):
        dims = args.get('Input Dims')
        types = args.get('Input type') if isinstance(args.get('Input type'), list) else []
        concrete = args.get('Concrete Inputs')
        self.dims = dims if isinstance(dims, list) else []
        self.types = [types[i] if i < len(types) else None for i in range(len(self.dims))]
        self.concrete = concrete if isinstance(concrete, list) else []

    def sizes(self, i):
        d = self.dims[i] if i < len(self.dims) else None
        if isinstance(d, list) and all(isinstance(x, int) and not isinstance(x, bool)
                                       and 0 <= x <= 2 ** 40 for x in d):
            return d
        return None

    def tensor(self, i):
        return self.sizes(i) is not None and type_size(self.types[i]) > 0

    def unsized(self):
        """A49: an input of sizes whose type has no size."""
        return any(self.sizes(i) and type_size(self.types[i]) == 0 for i in range(len(self.dims)))

    def tensor_bytes(self):
        return sum(product(self.sizes(i)) * type_size(self.types[i])
                   for i in range(len(self.dims)) if self.tensor(i))

    def first_tensor(self):
        return next((i for i in range(len(self.dims)) if self.tensor(i)), None)

    def text(self, i):
        v = self.concrete[i] if i is not None and i < len(self.concrete) else None
        return v if isinstance(v, str) and v != '' else None

    def ints(self, i, n):
        """A50: the integers of entry i, one for every dimension or n of them; None otherwise."""
        t = self.text(i)
        if t is None:
            return None
        try:
            values = [int(x) for x in t.replace('[', ' ').replace(']', ' ').replace(',', ' ').split()]
        except ValueError:
            return None
        if any(abs(x) > 2 ** 20 for x in values):
            return None
        if len(values) == 1:
            return values * n
        return values if len(values) == n else None


def with_output(inp, out_elements, needed):
    """Every tensor input and the output at the first tensor's type; 0 (unknown) per A49."""
    if inp.unsized() or any(type_size(inp.types[i]) == 0 for i in needed):
        return 0
    first = inp.first_tensor()
    return inp.tensor_bytes() + out_elements * type_size(inp.types[first])


def gemm(name, inp):
    a, batched = GEMMS[name]
    x, y = inp.sizes(a), inp.sizes(a + 1)
    rank = 3 if batched else 2
    if x is None or y is None or len(x) != rank or len(y) != rank:
        return None
    b = 1
    if batched:
        if x[0] != y[0]:
            return None
        b, x, y = x[0], x[1:], y[1:]
    m, k, k2, n = x[0], x[1], y[0], y[1]
    if k != k2:
        return None
    return {'kind': 'gemm', 'flops': 2 * b * m * n * k, 'bytes': with_output(inp, b * m * n, (a, a + 1)),
            'params': None, 'assumed': None}


def pairs(lq, lk, mask):
    """13.5: the query-key pairs the mask keeps."""
    if mask == 'top left':
        return lq * (lq + 1) // 2 if lq <= lk else lk * (lk + 1) // 2 + (lq - lk) * lk
    if mask == 'bottom right':
        return lq * (lq + 1) // 2 + lq * (lk - lq) if lq <= lk else lk * (lk + 1) // 2
    return lq * lk


def attention(name, inp):
    sequence_first, index, mask_type = ATTENTION[name]
    q, k, v = inp.sizes(0), inp.sizes(1), inp.sizes(2)
    if any(t is None or len(t) != 4 for t in (q, k, v)):
        return None

    def heads(t):  # (b, h, L, E)
        return (t[0], t[2], t[1], t[3]) if sequence_first else tuple(t)
    (b, h, lq, e), (bk, hk, lk, ek), (bv, hv, lv, ev) = heads(q), heads(k), heads(v)
    if not (b == bk == bv and hk == hv and hk > 0 and h % hk == 0 and e == ek and lk == lv):
        return None
    text, mask = inp.text(index), None
    if mask_type:
        mask = {'0': 'none', '1': 'top left', '2': 'bottom right'}.get(text)
    elif text in ('True', '1'):
        mask = 'top left'
    elif text in ('False', '0'):
        mask = 'none'
    params = {'none': 'not causal', 'top left': 'causal',
              'bottom right': 'causal, from the bottom right', None: None}[mask]
    return {'kind': 'attention', 'flops': 2 * b * h * pairs(lq, lk, mask) * (e + ev),
            'bytes': with_output(inp, b * h * lq * ev, (0, 1, 2)), 'params': params,
            'assumed': NOT_CAUSAL if mask is None else None}


def conv_params(inp, spec, n):
    """Stride, padding ('same' or a list), dilation; None when none is recorded, 'bad' when one is
    and is not what 13.5 reads."""
    stride, dilation = inp.ints(spec[0], n), inp.ints(spec[2], n)
    padding = inp.text(spec[1])
    if padding == 'valid':
        padding = [0] * n
    elif padding != 'same':
        padding = inp.ints(spec[1], n)
    if stride is None or padding is None or dilation is None:
        return 'bad' if any(inp.text(spec[k]) is not None for k in range(3)) else None
    return stride, padding, dilation


def convolution(name, inp):
    spec = CONVOLUTIONS[name]
    x, w = inp.sizes(0), inp.sizes(1)
    if x is None or w is None or not 3 <= len(x) <= 5 or len(w) != len(x):
        return None
    n = len(x) - 2
    groups = inp.ints(spec[3], 1)
    groups = groups[0] if groups and groups[0] > 0 else None
    transposed = spec[4] is not None and inp.text(spec[4]) in ('True', '1')
    read = conv_params(inp, spec, n)
    if read == 'bad':
        return None
    if read is None:
        transposed = False
    if transposed:
        groups = groups or 1
        if w[0] != x[1]:
            return None
        c_out = w[1] * groups
    else:
        if groups is None and w[1] > 0 and x[1] % w[1] == 0:
            groups = x[1] // w[1]
        if groups is None or w[1] * groups != x[1]:
            return None
        c_out = w[0]
    outs = []
    for i in range(n):
        s, kk = x[2 + i], w[2 + i]
        if read is None or read[1] == 'same':
            o = s
        elif transposed:
            op = inp.ints(spec[5], n) or [0] * n
            o = (s - 1) * read[0][i] - 2 * read[1][i] + read[2][i] * (kk - 1) + op[i] + 1
        else:
            if read[0][i] <= 0:
                return None
            o = (s + 2 * read[1][i] - read[2][i] * (kk - 1) - 1) // read[0][i] + 1
        if o < 1 and s > 0:
            return None
        outs.append(o)
    window = product(w[2:])
    flops = 2 * x[0] * x[1] * product(x[2:]) * w[1] * window if transposed else \
        2 * x[0] * c_out * product(outs) * w[1] * window
    params = None
    if read is not None:
        def listed(v):
            return '[%s]' % ', '.join(str(i) for i in v)
        params = 'stride %s, %s, dilation %s, groups %d' % (
            listed(read[0]), 'padding same' if read[1] == 'same' else 'padding ' + listed(read[1]),
            listed(read[2]), groups)
        if transposed:
            params += ', transposed, output padding ' + listed(inp.ints(spec[5], n) or [0] * n)
    return {'kind': 'convolution', 'flops': flops,
            'bytes': with_output(inp, x[0] * c_out * product(outs), (0, 1)), 'params': params,
            'assumed': None if read is not None else SAME_SIZE}


def broadcast(inp):
    """NumPy's broadcast of the tensor inputs' sizes; None when they do not fit or there is none."""
    out, any_tensor = [], False
    for i in range(len(inp.dims)):
        if not inp.tensor(i):
            continue
        any_tensor = True
        sizes = inp.sizes(i)
        width = max(len(out), len(sizes))
        a = [1] * (width - len(out)) + out
        b = [1] * (width - len(sizes)) + sizes
        merged = []
        for x, y in zip(a, b):
            if x != y and x != 1 and y != 1:
                return None
            merged.append(y if x == 1 else x)
        out = merged
    return out if any_tensor else None


def bytes_only(name, inp):
    if inp.unsized():  # A49
        return None
    base = elementwise_base(name)
    if base is not None:
        out = broadcast(inp)
        if out is None:
            return None
        first = inp.first_tensor()
        real = base in ARITHMETIC and inp.types[first] in FLOATING or \
            base in ARITHMETIC and str(inp.types[first]).startswith('c10::Float8_')
        return {'kind': 'elementwise', 'flops': product(out) if real else 0,
                'bytes': inp.tensor_bytes() + product(out) * type_size(inp.types[first]),
                'params': None, 'assumed': None}
    if name in NORMS:
        if not inp.tensor(0):
            return None
        return {'kind': 'norm', 'flops': 0,
                'bytes': inp.tensor_bytes() + product(inp.sizes(0)) * type_size(inp.types[0]),
                'params': None, 'assumed': None}
    if not inp.tensor(0) or not inp.tensor(1):
        return None
    return {'kind': 'copy', 'flops': 0,
            'bytes': sum(product(inp.sizes(i)) * type_size(inp.types[i]) for i in (0, 1)),
            'params': None, 'assumed': None}


def work(name, args):
    """13.5: what an operator computes and moves, or None (no model, or none read)."""
    if not has_model(name) or not isinstance(args.get('Input Dims'), list):
        return None
    inp = Inputs(args)
    if not inp.dims or any(isinstance(d, list) and inp.sizes(i) is None
                           for i, d in enumerate(inp.dims)):
        return None
    if name in GEMMS:
        return gemm(name, inp)
    if name in ATTENTION:
        return attention(name, inp)
    if name in CONVOLUTIONS:
        return convolution(name, inp)
    return bytes_only(name, inp)
