//! Catan: Cities & Knights.
