/* safari_ai's version: the one place it is written. The C library reports it
 * (sa_version()), setup.py reads it for the Python package's metadata, and
 * safari_ai.__version__ is the C library's (safari_ai/_version.py). */
#ifndef SAFARI_VERSION_H
#define SAFARI_VERSION_H

#define SA_VERSION "0.1.0"

#endif /* SAFARI_VERSION_H */
