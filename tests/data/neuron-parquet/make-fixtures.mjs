// make-fixtures.mjs: writes the Parquet fixtures of tests/data/neuron-parquet
// with real Parquet writers, and the same profile as Neuron profiler JSON.
// Not run by the build: its output is committed. Run it again only to change
// the fixtures (the same versions write the same bytes):
//
//   mkdir scratch && cd scratch
//   npm install @duckdb/node-api@1.5.6-r.1 parquet-wasm@0.8.0 apache-arrow@21.2.0
//   node .../tests/data/neuron-parquet/make-fixtures.mjs .../tests/data/neuron-parquet
//
// Writers: DuckDB v1.5.6 (@duckdb/node-api 1.5.6-r.1) writes most tables:
// snappy by default, zstd, gzip and uncompressed where asked, dictionary
// pages for repeated strings; with PARQUET_VERSION v2 it switches to the
// DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY and BYTE_STREAM_SPLIT
// encodings but still writes data pages v1. The tables with data pages v2
// are written by parquet-rs 59.3.0 (the Rust Parquet of Apache Arrow, in
// parquet-wasm 0.8.0), in small row groups, with optional columns holding
// nulls.
//
// The rows are formulas of their core and index (below); the tests compute
// what they expect from the same formulas (tests/model/test-neuron-parquet.c,
// tests/model/test-parquet.c). The tables and fields follow schema 7.4.0 of
// AWS's "Profile Parquet Schema Reference".

import { createRequire } from 'module';
import fs from 'fs';
import path from 'path';
import { pathToFileURL } from 'url';

const require = createRequire(path.join(process.cwd(), 'scratch.js'));
const load = async (name) => import(pathToFileURL(require.resolve(name)).href);
const { DuckDBInstance } = await load('@duckdb/node-api');
const pw = await load('parquet-wasm/node');
const arrow = await load('apache-arrow');

const out = process.argv[2];
if (!out) {
  console.error('usage: node make-fixtures.mjs OUTPUT_FOLDER');
  process.exit(2);
}

const db = await (await DuckDBInstance.create(':memory:', { threads: '1' })).connect();

// ---- writers -------------------------------------------------------------

function sqlValue(v, type) {
  if (v === null || v === undefined) return 'NULL';
  if (type === 'VARCHAR') return `'${String(v).replaceAll("'", "''")}'`;
  if (type === 'BOOLEAN') return v ? 'TRUE' : 'FALSE';
  return `CAST(${v.toString()} AS ${type})`;
}

// rows: array of objects; columns: [[name, DuckDB type], ...]
async function writeDuck(file, columns, rows, options = '') {
  await db.run('DROP TABLE IF EXISTS t');
  await db.run(`CREATE TABLE t (${columns.map(([n, ty]) => `"${n}" ${ty}`).join(', ')})`);
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows.slice(i, i + 200)
      .map((r) => `(${columns.map(([n, ty]) => sqlValue(r[n], ty)).join(', ')})`);
    await db.run(`INSERT INTO t VALUES ${values.join(', ')}`);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await db.run(`COPY t TO '${file}' (FORMAT parquet${options ? ', ' + options : ''})`);
}

const arrowTypes = {
  BIGINT: () => new arrow.Int64(),
  INTEGER: () => new arrow.Int32(),
  FLOAT: () => new arrow.Float32(),
  DOUBLE: () => new arrow.Float64(),
  VARCHAR: () => new arrow.Utf8(),
  BOOLEAN: () => new arrow.Bool(),
};

// Data pages v2, by parquet-rs.
function writeArrow(file, columns, rows, compression, rowGroup) {
  const vectors = {};
  for (const [name, type] of columns) {
    const values = rows.map((r) => {
      const v = r[name];
      if (v === null || v === undefined) return null;
      return type === 'BIGINT' ? BigInt(v) : v;
    });
    vectors[name] = arrow.vectorFromArray(values, arrowTypes[type]());
  }
  const ipc = arrow.tableToIPC(new arrow.Table(vectors), 'stream');
  const props = new pw.WriterPropertiesBuilder()
    .setCompression(pw.Compression[compression])
    .setWriterVersion(pw.WriterVersion.V2)
    .setMaxRowGroupSize(rowGroup)
    .build();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, pw.writeParquet(pw.Table.fromIPCStream(ipc), props));
}

// JSON with 64-bit integers written exactly.
function toJson(v) {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'string' || typeof v === 'boolean') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(toJson).join(',\n')}]`;
  return `{${Object.entries(v).filter(([, x]) => x !== undefined)
    .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
}

// A FLOAT's value, written with the six digits it keeps in both files.
const float6 = (x) => Number(x.toPrecision(6));

// ---- the profile: two physical cores of one logical NeuronCore -------------

const CORES = 2, N_INSTR = 36, N_DMA = 12;
const ENGINES = ['tensor', 'vector', 'scalar', 'gpsimd'];
const ENGINE_NAMES = ['Tensor', 'Vector', 'Scalar', 'GpSimd'];
const QUEUES = ['qSyncIO', 'qWeightLoad', 'qActIO'];
const ID_BASE = 1n << 60n;

const start = (c, j) => 1000 + 5 * c + 100 * j;
const dur = (j) => 40 + ((13 * j) % 50);
const engine = (j) => j % 4;
const isTranspose = (j) => engine(j) === 0 && j % 12 === 4;
const opcode = (j) => [isTranspose(j) ? 'Transpose' : 'MatMult', 'TensorTensor', 'Activation',
  j === 35 ? null : 'Iota'][engine(j)];
const flops = (j) => (engine(j) === 0 ? 2 * 128 * 128 * (64 + j) : null);

function instruction(c, j) {
  const e = engine(j);
  return {
    start_ts: start(c, j), end_ts: start(c, j) + dur(j), duration_ns: dur(j),
    engine: ENGINES[e], timeline_track: e === 0 && j % 8 === 0 ? 'TensorMatrix' : null,
    pcore_idx: c, opcode: opcode(j), operands: `src=sb[${j}] dst=psum[${j % 8}]`,
    id: ID_BASE + (BigInt(c) << 40n) + BigInt(2 * j + 1), pc: j,
    bir_id: `sg0000:${j}`,
    hlo_name: e === 0 ? `dot.${Math.floor(j / 4)}` : null,
    layer: `model/layer_${Math.floor(j / 12)}/${j % 12 < 6 ? 'mlp' : 'attention'}`,
    hbm_read_bytes: e === 0 ? 4096 + 16 * j : null,
    hbm_write_bytes: e === 1 ? 2048 : null,
    sbuf_read_bytes: 1024,
    spill_save_bytes: j % 10 === 3 ? 512 : null,
    weight_queue_bytes: e === 0 ? 8192 : null,
    raw_flops: flops(j),
    flops_transpose: e === 0 ? (isTranspose(j) ? flops(j) : 0) : null,
    tensor_instruction_type: e === 0 ? (isTranspose(j) ? 'TRANSPOSE' : 'REGULAR') : null,
  };
}

const instructionColumns = [
  ['start_ts', 'BIGINT'], ['end_ts', 'BIGINT'], ['duration_ns', 'BIGINT'], ['engine', 'VARCHAR'],
  ['timeline_track', 'VARCHAR'], ['pcore_idx', 'BIGINT'], ['opcode', 'VARCHAR'],
  ['operands', 'VARCHAR'], ['id', 'BIGINT'], ['pc', 'BIGINT'], ['bir_id', 'VARCHAR'],
  ['hlo_name', 'VARCHAR'], ['layer', 'VARCHAR'], ['hbm_read_bytes', 'BIGINT'],
  ['hbm_write_bytes', 'BIGINT'], ['sbuf_read_bytes', 'BIGINT'], ['spill_save_bytes', 'BIGINT'],
  ['weight_queue_bytes', 'BIGINT'], ['raw_flops', 'BIGINT'], ['flops_transpose', 'BIGINT'],
  ['tensor_instruction_type', 'VARCHAR'],
];

const dmaStart = (c, k) => 1030 + 5 * c + 300 * k;
const dmaDur = (k) => 90 + 7 * k;
const aggregation = (c, k) => 100 + 50 * c + (k >> 1);
const hasAggregated = (id) => id !== 155; // core 1's last transfer has no row

function dmaPacket(c, k) {
  const bytes = 2048 << (k % 4);
  return {
    start_ts: dmaStart(c, k), end_ts: dmaStart(c, k) + dmaDur(k), duration_ns: dmaDur(k),
    pcore_idx: c, id: 1000 * c + k, packet_idx: k % 2, packet_aggregation_id: aggregation(c, k),
    read_bytes: bytes, write_bytes: bytes, transfer_bytes: bytes,
    throughput: float6((bytes / dmaDur(k)) * 1e9), queue_type: 'data', variable: `t${k >> 1}`,
    queue_name: k === 11 ? null : QUEUES[k % 3],
  };
}

function aggregated(c, a) {
  const first = dmaPacket(c, 2 * a), last = dmaPacket(c, 2 * a + 1);
  return {
    start_ts: first.start_ts, end_ts: last.end_ts, duration_ns: last.end_ts - first.start_ts,
    id: 100 + 50 * c + a, pcore_idx: c, queue_name: first.queue_name,
    transfer_bytes: first.transfer_bytes + last.transfer_bytes,
    source: a % 2 === 0 ? '[HBM]' : '[SB]', dest: a % 2 === 0 ? '[SB]' : '[HBM]',
  };
}

// Per core, engine and block of twelve instructions: from the first start
// to the last end of the engine's instructions of the block.
function activeTimes(c) {
  const rows = [];
  for (let e = 0; e < 4; e++) {
    for (let b = 0; b < 3; b++) {
      let s = Infinity, t = 0;
      for (let j = 12 * b; j < 12 * b + 12; j++) {
        if (engine(j) === e) {
          s = Math.min(s, start(c, j));
          t = Math.max(t, start(c, j) + dur(j));
        }
      }
      rows.push({ start_ts: s, end_ts: t, engine: ENGINES[e], pcore_idx: c, duration_ns: t - s });
    }
  }
  return rows;
}

function semaphores(c) {
  const rows = [];
  for (let j = 0; j < N_INSTR; j++) {
    if (engine(j) !== 3) continue;
    rows.push({
      timestamp: start(c, j) + dur(j), id: String(j % 3), value: j >> 2,
      pcore_idx: c === 0 && j % 8 === 3 ? null : c,
      update_source: j % 8 === 7 ? null : 'GpSimd',
    });
  }
  return rows;
}

const pendingDma = (c) => Array.from({ length: N_DMA }, (_, k) => (
  { timestamp: dmaStart(c, k), value: k % 5, pcore_idx: c }));

const instructions = [], packets = [], aggregates = [], actives = [], sems = [], pendings = [];
for (let c = 0; c < CORES; c++) {
  for (let j = 0; j < N_INSTR; j++) instructions.push(instruction(c, j));
  for (let k = 0; k < N_DMA; k++) packets.push(dmaPacket(c, k));
  for (let a = 0; a < N_DMA / 2; a++) if (hasAggregated(100 + 50 * c + a)) aggregates.push(aggregated(c, a));
  actives.push(...activeTimes(c));
  sems.push(...semaphores(c));
  pendings.push(...pendingDma(c));
}

// The profile's own metrics, from the rows as the profiler computes them.
const PEAK = 128 * 128 * 2 * 1.4e9 * CORES, HBM = 4e11 * CORES;
const firstStart = Math.min(...instructions.map((r) => r.start_ts));
const lastEnd = Math.max(...instructions.map((r) => r.end_ts));
const spanS = (lastEnd - firstStart) / 1e9;
const sum = (rows, f) => rows.reduce((a, r) => a + (r[f] ?? 0), 0);
const hardware = sum(instructions, 'raw_flops'), transpose = sum(instructions, 'flops_transpose');
const hbmRead = sum(instructions, 'hbm_read_bytes'), hbmWrite = sum(instructions, 'hbm_write_bytes');
const activeOf = (e) => sum(actives.filter((r) => r.engine === ENGINES[e]), 'duration_ns');
const dmaBytes = sum(packets, 'transfer_bytes');
const summary = {
  total_time: float6(spanS),
  neuroncore_cycle_count: Math.round((lastEnd - firstStart) * 1.4),
  model_flops: hardware - transpose, hardware_flops: hardware, transpose_flops: transpose,
  mfu_estimated_percent: float6((hardware - transpose) / (PEAK * spanS)),
  hfu_estimated_percent: float6(hardware / (PEAK * spanS)),
  mbu_estimated_percent: float6((hbmRead + hbmWrite) / (HBM * spanS)),
  mm_arithmetic_intensity: float6((hardware - transpose) / (hbmRead + hbmWrite)),
  peak_flops_bandwidth_ratio: float6(PEAK / HBM),
  hbm_read_bytes: hbmRead, hbm_write_bytes: hbmWrite,
  spill_save_bytes: sum(instructions, 'spill_save_bytes'),
  weight_queue_bytes: sum(instructions, 'weight_queue_bytes'),
  weight_size_bytes: sum(instructions, 'weight_queue_bytes') / 4,
  tensor_engine_instruction_count: instructions.filter((r) => r.engine === 'tensor').length,
  tensor_engine_active_time_percent: float6(activeOf(0) / ((lastEnd - firstStart) * CORES)),
  vector_engine_active_time_percent: float6(activeOf(1) / ((lastEnd - firstStart) * CORES)),
  dma_transfer_count: packets.length, dma_transfer_total_bytes: dmaBytes,
  dma_transfer_average_bytes: float6(dmaBytes / packets.length),
  cc_op_time: null,
};
const summaryColumns = Object.keys(summary).map((k) => [k,
  Number.isInteger(summary[k]) ? 'BIGINT' : 'FLOAT']);
summaryColumns.find(([k]) => k === 'cc_op_time')[1] = 'FLOAT';

const descriptions = {
  total_time: 'Total duration of on device execution time for the run. Units are in seconds.',
  mfu_estimated_percent: 'MFU is Model FLOPs Utilization of the Tensor Engine.',
  hbm_read_bytes: 'Total bytes of data read from HBM using the DMA engines.',
  dma_transfer_count: 'Number of DMA transfers.',
};
const schemaRows = Object.entries(descriptions).map(([field, text]) => ({
  table_name: 'Summary', table_description: 'Profile performance metrics.', field_name: field,
  field_description: text, field_type: 'number', field_required: false, field_unit: null,
}));
schemaRows.push({
  table_name: 'Instruction', table_description: 'Instructions executed on NeuronCore engines.',
  field_name: 'engine', field_description: 'Compute engine that executed this instruction.',
  field_type: 'string', field_required: true, field_unit: null,
});

const metadata = {
  profile_schema_version: '7.4.0', ntff_version: 2, num_physical_cores: 2, vnc_enabled: true,
  first_hw_timestamp: 1720000000000000001n, last_hw_timestamp: 1720000000000003551n,
  first_ts: '2026-05-01 12:00:00+00:00', last_ts: '2026-05-01 12:00:00.000003+00:00',
  dma_ddr_bandwidth: 1e11, num_dma_engines_per_neuroncore: 16, hbm_ddr_bandwidth: 4e11,
  tensor_engine_num_rows: 128, tensor_engine_num_cols: 128, tensor_engine_clock_freq: 1.4,
  neuroncore_idx: 0, instance_type: 'trn2.48xlarge',
};
const metadataColumns = [
  ['profile_schema_version', 'VARCHAR'], ['ntff_version', 'INTEGER'],
  ['num_physical_cores', 'INTEGER'], ['vnc_enabled', 'BOOLEAN'], ['first_hw_timestamp', 'BIGINT'],
  ['last_hw_timestamp', 'BIGINT'], ['first_ts', 'VARCHAR'], ['last_ts', 'VARCHAR'],
  ['dma_ddr_bandwidth', 'FLOAT'], ['num_dma_engines_per_neuroncore', 'INTEGER'],
  ['hbm_ddr_bandwidth', 'FLOAT'], ['tensor_engine_num_rows', 'BIGINT'],
  ['tensor_engine_num_cols', 'BIGINT'], ['tensor_engine_clock_freq', 'FLOAT'],
  ['neuroncore_idx', 'BIGINT'], ['instance_type', 'VARCHAR'],
];
const warnings = [
  { message: '12 DMA descriptors were dropped by the trace buffer', category: 'Missing Data' },
  { message: '3 subgraphs were compiled without layer names', category: 'Missing Data' },
];

const dir = path.join(out, 'profile');
fs.rmSync(dir, { recursive: true, force: true });
// A table split in two parts, the second with DuckDB's v2 encodings.
await writeDuck(path.join(dir, 'Instruction_0.parquet'), instructionColumns,
  instructions.filter((r) => r.pcore_idx === 0));
await writeDuck(path.join(dir, 'Instruction_1.parquet'), instructionColumns,
  instructions.filter((r) => r.pcore_idx === 1), 'PARQUET_VERSION v2');
await writeDuck(path.join(dir, 'DmaPacket.parquet'), [
  ['start_ts', 'BIGINT'], ['end_ts', 'BIGINT'], ['duration_ns', 'BIGINT'], ['pcore_idx', 'BIGINT'],
  ['id', 'BIGINT'], ['packet_idx', 'INTEGER'], ['packet_aggregation_id', 'BIGINT'],
  ['read_bytes', 'BIGINT'], ['write_bytes', 'BIGINT'], ['transfer_bytes', 'BIGINT'],
  ['throughput', 'FLOAT'], ['queue_type', 'VARCHAR'], ['variable', 'VARCHAR'],
  ['queue_name', 'VARCHAR'],
], packets, 'COMPRESSION zstd');
await writeDuck(path.join(dir, 'DmaPacketAggregated.parquet'), [
  ['start_ts', 'BIGINT'], ['end_ts', 'BIGINT'], ['duration_ns', 'BIGINT'], ['id', 'BIGINT'],
  ['pcore_idx', 'BIGINT'], ['queue_name', 'VARCHAR'], ['transfer_bytes', 'BIGINT'],
  ['source', 'VARCHAR'], ['dest', 'VARCHAR'],
], aggregates, 'COMPRESSION gzip');
await writeDuck(path.join(dir, 'ActiveTime.parquet'), [
  ['start_ts', 'BIGINT'], ['end_ts', 'BIGINT'], ['engine', 'VARCHAR'], ['pcore_idx', 'BIGINT'],
  ['duration_ns', 'BIGINT'],
], actives, 'COMPRESSION uncompressed');
writeArrow(path.join(dir, 'SemaphoreUpdate.parquet'), [
  ['timestamp', 'BIGINT'], ['id', 'VARCHAR'], ['value', 'INTEGER'], ['update_source', 'VARCHAR'],
  ['pcore_idx', 'BIGINT'],
], sems, 'SNAPPY', 5);
writeArrow(path.join(dir, 'PendingDma.parquet'), [
  ['timestamp', 'BIGINT'], ['value', 'INTEGER'], ['pcore_idx', 'BIGINT'],
], pendings, 'ZSTD', 7);
await writeDuck(path.join(dir, 'Summary.parquet'), summaryColumns, [summary], 'PARQUET_VERSION v2');
await writeDuck(path.join(dir, 'SchemaFields.parquet'), [
  ['table_name', 'VARCHAR'], ['table_description', 'VARCHAR'], ['field_name', 'VARCHAR'],
  ['field_description', 'VARCHAR'], ['field_type', 'VARCHAR'], ['field_required', 'BOOLEAN'],
  ['field_unit', 'VARCHAR'],
], schemaRows);
await writeDuck(path.join(dir, 'Metadata.parquet'), metadataColumns, [metadata]);
await writeDuck(path.join(dir, 'Warning.parquet'),
  [['message', 'VARCHAR'], ['category', 'VARCHAR']], warnings);

// ---- the same profile as the profiler's JSON -------------------------------

const strip = (s) => s.slice(1, -1);
const aggregatedById = new Map(aggregates.map((a) => [a.id, a]));
const json = {
  instruction: instructions.map((r) => ({
    timestamp: r.start_ts, duration: r.duration_ns,
    subgroup: r.timeline_track ?? ENGINE_NAMES[ENGINES.indexOf(r.engine)],
    opcode: r.opcode ?? undefined, hlo_name: r.hlo_name ?? undefined, layer: r.layer,
    nc_idx: r.pcore_idx, id: r.id, operands: r.operands,
    hbm_read_bytes: r.hbm_read_bytes ?? undefined, hbm_write_bytes: r.hbm_write_bytes ?? undefined,
    sbuf_read_bytes: r.sbuf_read_bytes, spill_save_bytes: r.spill_save_bytes ?? undefined,
    weight_queue_bytes: r.weight_queue_bytes ?? undefined, flops: r.raw_flops ?? undefined,
  })),
  dma: packets.map((r) => {
    const a = aggregatedById.get(r.packet_aggregation_id);
    return {
      timestamp: r.start_ts, duration: r.duration_ns, subgroup: r.queue_name ?? undefined,
      source: a ? strip(a.source) : undefined, dest: a ? strip(a.dest) : undefined,
      transfer_size: r.transfer_bytes, nc_idx: r.pcore_idx,
    };
  }),
  active_time: actives.map((r) => ({
    engine: ENGINE_NAMES[ENGINES.indexOf(r.engine)], start_ts: r.start_ts, end_ts: r.end_ts,
    duration_ns: r.duration_ns, nc_idx: r.pcore_idx,
  })),
  semaphore_update: sems.map((r) => ({
    id: r.id, value: r.value, timestamp: r.timestamp, nc_idx: r.pcore_idx ?? undefined,
  })),
  pending_dma: pendings.map((r) => ({ timestamp: r.timestamp, value: r.value, nc_idx: r.pcore_idx })),
  summary: [Object.fromEntries(Object.entries(summary).filter(([, v]) => v !== null))],
  // The groups Strata gives a Parquet profile's metrics (docs/metrics.md 2.3).
  summary_groups: [{
    total_time: 'overall_stats', total_exec_time: 'overall_stats',
    'total_active_time*': 'overall_stats', neuroncore_cycle_count: 'overall_stats',
    trace_count: 'overall_stats', event_count: 'overall_stats', total_row_count: 'overall_stats',
    '*_engine_*': 'overall_stats', 'activate_instruction_*': 'overall_stats',
    matmul_instruction_count: 'overall_stats', 'mfu_*': 'tensor_engine',
    'hfu_*': 'tensor_engine', '*_flops': 'tensor_engine', mm_arithmetic_intensity: 'tensor_engine',
    'mbu_*': 'data_movement', 'hbm_*': 'data_movement', 'sbuf_*': 'data_movement',
    'spill_*': 'data_movement', 'psum_*': 'data_movement', '*dma*': 'data_movement',
    '*_queue_bytes': 'data_movement', 'weight_*': 'data_movement', 'inputs_*': 'data_movement',
    'cc_*': 'collectives', peak_flops_bandwidth_ratio: 'system',
  }],
  summary_group_order: [{
    overall_stats: 0, tensor_engine: 1, data_movement: 2, collectives: 3, system: 4,
  }],
  terminology: [descriptions],
  metadata: [{
    pe_num_rows: 128, pe_num_cols: 128, pe_clock_freq: 1.4e9, hbm_ddr_bandwidth: 4e11,
    first_hw_timestamp: metadata.first_hw_timestamp, last_hw_timestamp: metadata.last_hw_timestamp,
  }],
  warnings: warnings.map((w) => ({ type: 'missing_data', message: w.message })),
};
fs.writeFileSync(path.join(out, 'profile.json'), toJson(json) + '\n');

// ---- newer schemas -----------------------------------------------------

const few = instructions.filter((r) => r.pcore_idx === 0).slice(0, 8);
const minor = path.join(out, 'newer-minor');
fs.rmSync(minor, { recursive: true, force: true });
await writeDuck(path.join(minor, 'Instruction.parquet'),
  [...instructionColumns, ['issue_cycles', 'BIGINT']],
  few.map((r, j) => ({ ...r, issue_cycles: 3 * j })));
await writeDuck(path.join(minor, 'Metadata.parquet'), metadataColumns,
  [{ ...metadata, profile_schema_version: '7.6.0' }]);
await writeDuck(path.join(minor, 'FutureTable.parquet'), [['a', 'BIGINT']], [{ a: 1 }]);

// MAJOR 8: "opcode" renamed "op_name".
const major = path.join(out, 'newer-major');
fs.rmSync(major, { recursive: true, force: true });
await writeDuck(path.join(major, 'Instruction.parquet'),
  instructionColumns.map(([n, ty]) => [n === 'opcode' ? 'op_name' : n, ty]),
  few.map((r) => ({ ...r, op_name: r.opcode })));
await writeDuck(path.join(major, 'Metadata.parquet'), metadataColumns,
  [{ ...metadata, profile_schema_version: '8.0.0' }]);

// A folder of Parquet that is no profile.
const other = path.join(out, 'not-a-profile');
fs.rmSync(other, { recursive: true, force: true });
await writeDuck(path.join(other, 'people.parquet'), [['name', 'VARCHAR'], ['age', 'INTEGER']],
  [{ name: 'Ada', age: 36 }]);

// ---- every type, encoding and codec, for the reader -----------------------

const typeRows = Array.from({ length: 40 }, (_, i) => ({
  b: i % 3 === 0, i32: 7 * i - 100, i64: ID_BASE + BigInt(i), f: i * 0.25, d: i / 8,
  s: i % 5 === 0 ? null : `s${i % 7}`, u: `u${i * i}`,
}));
const typeColumns = [['b', 'BOOLEAN'], ['i32', 'INTEGER'], ['i64', 'BIGINT'], ['f', 'FLOAT'],
  ['d', 'DOUBLE'], ['s', 'VARCHAR'], ['u', 'VARCHAR']];
const types = path.join(out, 'types');
fs.rmSync(types, { recursive: true, force: true });
await writeDuck(path.join(types, 'duckdb-snappy.parquet'), typeColumns, typeRows);
await writeDuck(path.join(types, 'duckdb-v2-encodings-zstd.parquet'), typeColumns, typeRows,
  'PARQUET_VERSION v2, COMPRESSION zstd');
await writeDuck(path.join(types, 'duckdb-gzip.parquet'), typeColumns, typeRows,
  'COMPRESSION gzip');
await writeDuck(path.join(types, 'duckdb-uncompressed.parquet'), typeColumns, typeRows,
  'COMPRESSION uncompressed');
writeArrow(path.join(types, 'parquet-rs-v2-pages-snappy.parquet'), typeColumns, typeRows,
  'SNAPPY', 16);
writeArrow(path.join(types, 'parquet-rs-v2-pages-gzip.parquet'), typeColumns, typeRows, 'GZIP', 16);
