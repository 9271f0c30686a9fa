/* The C23 integer parsers glibc 2.38 added and the pinned libSPIRV-Tools.a (built against it)
 * calls. Older glibc (Debian 12 has 2.36) lacks them; the C17 functions parse the same text
 * except a "0b" prefix, which SPIRV-Tools' validator never parses. Hidden: the layer exports
 * only its loader-facing symbols, and on a newer glibc these shadow nothing outside it. */
#include <stdlib.h>

#define VIGIL_HIDDEN __attribute__((visibility("hidden")))

VIGIL_HIDDEN unsigned long __isoc23_strtoul(const char *s, char **end, int base) { return strtoul(s, end, base); }
VIGIL_HIDDEN long long __isoc23_strtoll(const char *s, char **end, int base) { return strtoll(s, end, base); }
VIGIL_HIDDEN unsigned long long __isoc23_strtoull(const char *s, char **end, int base) { return strtoull(s, end, base); }
