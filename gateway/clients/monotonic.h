/* Time on the monotonic clock, for deadlines and durations (never moves back with the wall
 * clock). Shared by the WebSocket clients, the test harness and the load generator. */
#ifndef WEFT_MONOTONIC_H
#define WEFT_MONOTONIC_H

/* Milliseconds since an arbitrary fixed point. */
long long monotonic_ms(void);

/* Microseconds since the same point. */
long long monotonic_us(void);

#endif
