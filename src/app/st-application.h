/* st-application.h: Strata's application: one window per profile. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ST_TYPE_APPLICATION (st_application_get_type ())

G_DECLARE_FINAL_TYPE (StApplication, st_application, ST, APPLICATION, AdwApplication)

StApplication *st_application_new         (void);
void           st_application_open_files  (StApplication *self,
                                           GFile        **files,
                                           guint          n_files);
GFile         *st_application_get_sample  (void);

G_END_DECLS
