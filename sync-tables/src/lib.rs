//! The synchronization2 stage/access tables and the usage index synchronization validation
//! will be built on. Empty until that issue: see README.md for what comes here.
