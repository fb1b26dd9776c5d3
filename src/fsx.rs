//! Safe file writes: atomic replace, permission bits, locks, and the symlink and hard-link rules.
