//! A QR code of a link, for a phone's camera: an invitation to an online
//! room shown beside its copy button. The code is made by the `qrcode`
//! crate and drawn as an SVG image (one path, black on white, with the
//! quiet zone the standard asks for), so it scales without blur and needs
//! no canvas.

use qrcode::{Color, EcLevel, QrCode};

use crate::dom::{El, el};

/// The SVG of a QR code of `text` (error correction level M), or `None`
/// when the text is too long for any QR code.
pub fn svg(text: &str) -> Option<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    // Four modules of quiet zone on each side.
    let size = width + 8;
    let mut path = String::new();
    for y in 0..width {
        let mut x = 0;
        while x < width {
            if colors[y * width + x] == Color::Dark {
                let start = x;
                while x < width && colors[y * width + x] == Color::Dark {
                    x += 1;
                }
                path.push_str(&format!(
                    "M{} {}h{}v1h-{}z",
                    start + 4,
                    y + 4,
                    x - start,
                    x - start
                ));
            } else {
                x += 1;
            }
        }
    }
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\" shape-rendering=\"crispEdges\"><rect width=\"{size}\" height=\"{size}\" fill=\"#fff\"/><path d=\"{path}\" fill=\"#000\"/></svg>"
    ))
}

/// An image of the QR code of `text`, described by `label` for those who
/// cannot see it (the link itself is shown as text beside it); `None`
/// when the text is too long for a QR code.
pub fn image(text: &str, label: &str) -> Option<El> {
    let svg = svg(text)?;
    let src = format!(
        "data:image/svg+xml,{}",
        String::from(js_sys::encode_uri_component(&svg))
    );
    Some(
        el("img")
            .class("qr")
            .attr("src", &src)
            .attr("alt", label)
            .attr("width", "160")
            .attr("height", "160"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The SVG holds the code's dark modules and reads back as the text:
    /// decoded from the drawn modules by the crate's own matrix.
    #[test]
    fn a_link_becomes_a_square_code_with_a_quiet_zone() {
        let link = "http://192.168.1.20:8080/catan.html#room=ab3k9x2m";
        let s = svg(link).unwrap();
        let code = QrCode::with_error_correction_level(link.as_bytes(), EcLevel::M).unwrap();
        let w = code.width();
        assert!(s.contains(&format!("viewBox=\"0 0 {} {}\"", w + 8, w + 8)));
        // The path's runs, read back into a matrix, are the code's
        // modules exactly (moved by the four-module quiet zone).
        let d = s.split("d=\"").nth(1).unwrap().split('"').next().unwrap();
        let mut drawn = vec![Color::Light; w * w];
        for run in d.split('M').skip(1) {
            let (at, rest) = run.split_once('h').unwrap();
            let (x, y) = at.split_once(' ').unwrap();
            let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
            let n: usize = rest.split('v').next().unwrap().parse().unwrap();
            for i in 0..n {
                assert_eq!(drawn[(y - 4) * w + x - 4 + i], Color::Light, "drawn twice");
                drawn[(y - 4) * w + x - 4 + i] = Color::Dark;
            }
        }
        assert_eq!(drawn, code.to_colors());
        // The finder pattern's top-left corner sits inside the quiet zone.
        assert!(s.contains("M4 4h7v1h-7z"), "{s}");
        // Two different links make two different codes.
        assert_ne!(
            svg(link),
            svg("http://192.168.1.20:8080/catan.html#room=ab3k9x2n")
        );
    }

    #[test]
    fn a_text_too_long_for_any_code_gives_none() {
        assert!(svg(&"x".repeat(5000)).is_none());
    }
}
