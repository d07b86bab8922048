#ifndef RELOPS_CYAML_SHIM_H
#define RELOPS_CYAML_SHIM_H
#include <yaml.h>
#endif
