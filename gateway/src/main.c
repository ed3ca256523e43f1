/* weft-gateway: the relay between programs inspected with Weft, web inspectors and scripts. */
#include "log.h"
#include "options.h"
#include "server.h"

int main(int argc, char **argv)
{
	struct options o;
	switch (options_parse(&o, argc, argv)) {
	case OPTIONS_EXIT_OK:
		return 0;
	case OPTIONS_EXIT_USAGE:
		return 2;
	case OPTIONS_RUN:
		break;
	}
	log_threshold = (enum log_level)o.log_level;
	return server_run(&o);
}
