//! Pictures of tables, as figures to put on a slide: a Grundy heat map with a title, axes
//! oriented as the board is drawn (the goal corner bottom left), a colour scale and a legend
//! (the P-positions in black; for the queen the two golden-ratio lines they lie along, as in
//! the papers), or for the L-game a chart of its positions by outcome and depth. Both are one
//! SVG document on a white background; the PNG is that document rendered by resvg with
//! fonts compiled into the program, so no system font or library is needed: DejaVu Sans,
//! and for the Japanese words (titles, axes and legends follow the process's language) a
//! cut of Noto Sans CJK JP (`client-cli/fonts/`).

mod disagreement;
mod frame;
mod heat;
mod lgame;

use anyhow::Context;
use base64::Engine as _;
use protocol::{CheckReport, DisagreementMap, TableData};
use resvg::{tiny_skia, usvg};

/// The fonts every text of a picture is set in, compiled in: Latin letters in DejaVu Sans,
/// Japanese in Noto Sans CJK JP.
const FONT: &str = "DejaVu Sans, Noto Sans CJK JP";

/// Noto Sans CJK JP, cut down to the characters the pictures may draw in Japanese.
const JAPANESE: &[u8] = include_bytes!("../../../fonts/NotoSansCJKjp-grundy.otf");

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
    let fonts = options.fontdb_mut();
    fonts.load_font_data(dejavu::sans::regular().to_vec());
    fonts.load_font_data(JAPANESE.to_vec());
    options.font_family = "DejaVu Sans".to_owned();
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

#[cfg(test)]
mod tests {
    use super::{render, JAPANESE};

    /// Every character the pictures' Japanese words may hold (their messages, the games'
    /// names, the sources) is in a compiled-in font: the Japanese one, or DejaVu Sans (`⌊`).
    #[test]
    fn the_fonts_have_every_character_of_the_pictures() {
        let japanese = ttf_parser::Face::parse(JAPANESE, 0).expect("the font reads");
        let latin = ttf_parser::Face::parse(dejavu::sans::regular(), 0).expect("the font reads");
        let (_, catalog) = protocol::i18n::CATALOGS[1];
        let words = catalog.lines().filter_map(|line| {
            let (id, value) = line.split_once(" = ")?;
            ["pic-", "game-", "source-"]
                .iter()
                .any(|p| id.starts_with(p))
                .then_some(value)
        });
        let missing: Vec<char> = words
            .flat_map(str::chars)
            .filter(|&c| {
                !c.is_ascii() && japanese.glyph_index(c).is_none() && latin.glyph_index(c).is_none()
            })
            .collect();
        assert!(missing.is_empty(), "not in the font: {missing:?}");
    }

    /// A Japanese title is drawn as glyphs: not as the boxes (or nothing) a character no
    /// font has gets.
    #[test]
    fn japanese_words_are_drawn_not_boxes() {
        let drawn = |text: &str| {
            let svg = format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"30\" \
                 font-family=\"{}\" font-size=\"18\"><rect width=\"100%\" height=\"100%\" \
                 fill=\"white\"/><text x=\"4\" y=\"22\">{text}</text></svg>",
                super::FONT
            );
            let png = render(&svg).expect("the picture renders");
            let mut reader = png::Decoder::new(std::io::Cursor::new(png))
                .read_info()
                .expect("a PNG");
            let mut pixels = vec![0; reader.output_buffer_size()];
            reader.next_frame(&mut pixels).expect("the pixels");
            pixels
        };
        let dark = |p: &[u8]| p.chunks(4).filter(|px| px[0] < 128).count();
        let japanese = drawn("後手必勝");
        let nowhere = drawn("\u{e000}\u{e001}\u{e002}\u{e003}");
        assert!(
            dark(&japanese) > 100,
            "the title drew {} dark pixels",
            dark(&japanese)
        );
        assert_ne!(japanese, nowhere, "drawn as a character no font has");
    }
}
