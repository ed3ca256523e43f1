#include "monotonic.h"

#include <time.h>

long long monotonic_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

long long monotonic_ms(void) { return monotonic_us() / 1000; }
