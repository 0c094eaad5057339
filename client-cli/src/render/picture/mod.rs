//! Pictures of tables, as figures to put on a slide: a Grundy heat map with a title, axes
//! oriented as the board is drawn (the goal corner bottom left), a colour scale and a legend
//! (the P-positions in black; for the queen the two golden-ratio lines they lie along, as in
//! the papers), or for the L-game a chart of its positions by outcome and depth. Both are one
//! SVG document on a white background; the PNG is that document rendered by resvg with a
//! font compiled into the program, so no system font or library is needed.

mod disagreement;
mod frame;
mod heat;
mod lgame;

use anyhow::Context;
use base64::Engine as _;
use protocol::{CheckReport, DisagreementMap, TableData};
use resvg::{tiny_skia, usvg};

/// The font every text of a picture is set in, compiled in.
const FONT: &str = "DejaVu Sans";

/// The table as an SVG document.
pub fn svg(t: &TableData) -> String {
    if t.classes.is_empty() {
        heat::svg(t)
    } else {
        lgame::svg(t)
    }
}

/// The table as PNG bytes: [`svg`] rendered.
pub fn png(t: &TableData) -> anyhow::Result<Vec<u8>> {
    render(&svg(t))
}

/// Where a checked formula and its table disagree, as an SVG document.
pub fn disagreement_svg(r: &CheckReport, map: &DisagreementMap) -> String {
    disagreement::svg(r, map)
}

/// [`disagreement_svg`] as PNG bytes.
pub fn disagreement_png(r: &CheckReport, map: &DisagreementMap) -> anyhow::Result<Vec<u8>> {
    render(&disagreement::svg(r, map))
}

/// An SVG document rendered as PNG bytes.
fn render(svg: &str) -> anyhow::Result<Vec<u8>> {
    let mut options = usvg::Options::default();
    options
        .fontdb_mut()
        .load_font_data(dejavu::sans::regular().to_vec());
    options.font_family = FONT.to_owned();
    let tree = usvg::Tree::from_str(svg, &options).context("cannot lay the picture out")?;
    let size = tree.size().to_int_size();
    let mut pixmap =
        tiny_skia::Pixmap::new(size.width(), size.height()).context("the picture has no pixels")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().context("cannot write the PNG")
}

/// `text` with `&`, `<` and `>` escaped, for SVG text.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// An `<image>` of `width`×`height` RGBA pixels (row by row from the top), placed at `x`,`y`
/// and scaled to `w`×`h` with each pixel kept square and sharp.
fn image(pixels: &[u8], width: usize, height: usize, at: (f64, f64), size: (f64, f64)) -> String {
    let mut encoded = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut encoded, width as u32, height as u32);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        // Writing to memory cannot fail.
        if let Ok(mut writer) = enc.write_header() {
            let _ = writer.write_image_data(pixels);
        }
    }
    let data = base64::engine::general_purpose::STANDARD.encode(&encoded);
    format!(
        "<image x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" preserveAspectRatio=\"none\" \
         image-rendering=\"optimizeSpeed\" style=\"image-rendering:pixelated\" \
         href=\"data:image/png;base64,{data}\"/>\n",
        at.0, at.1, size.0, size.1
    )
}
