//! Drawing helpers every board renderer uses.

use web_sys::CanvasRenderingContext2d;

/// Set the context to write text centred on a point, in the site's font
/// (`px` high, bold or not) and `colour`.
pub fn centred_text(ctx: &CanvasRenderingContext2d, px: f64, bold: bool, colour: &str) {
    ctx.set_fill_style_str(colour);
    let weight = if bold { "bold " } else { "" };
    ctx.set_font(&format!("{weight}{}px system-ui, sans-serif", px.round()));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
}

/// Write `text` centred on (`x`, `y`), `px` high, bold, in `colour`.
pub fn label(ctx: &CanvasRenderingContext2d, text: &str, x: f64, y: f64, px: f64, colour: &str) {
    centred_text(ctx, px, true, colour);
    ctx.fill_text(text, x, y).ok();
}
