//! Policy files: layers and trust, the validated-policy cache, the prefilter.

mod cache;
mod layers;
mod prefilter;
