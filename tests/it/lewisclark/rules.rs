//! One test per rule R1–R33.

use super::*;
