// HarfBuzz (Debian libharfbuzz-dev): shaping with OpenType layout. No logic here: Typography
// wraps it.
#include <hb.h>
#include <hb-ot.h>
