// One step of adamw's host reference (its reference.h, as the app ships
// it), under the name NAME, compiled with or without contraction (run.sh).
#include <cmath>
#include <cstdint>

#include "tables.h"
#include "reference.h"

void NAME(int grid, float *p, const float *g, float *m_scale, float *v_scale,
          int8_t *m, int8_t *v, float step, int64_t n, float correction1,
          float correction2_sqrt, float step_size) {
  const float lr = 1e-3f, weight_decay = 1e-2f, beta1 = 0.9f, beta2 = 0.999f,
              eps = 1e-8f;
  reference<float, 64>(grid, p, g, m_scale, v_scale, m, v, beta1, beta2, lr,
                       weight_decay, eps, step, n, correction1,
                       correction2_sqrt, step_size, 1.0f - lr * weight_decay,
                       1.0f - beta1, 1.0f - beta2);
}
