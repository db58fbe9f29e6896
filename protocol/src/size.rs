//! Memory sizes as users write them: `"64MB"`, `"512 KB"`, `"1GB"`, or a
//! plain number of bytes. Units are binary (`MB` is 1024 × 1024 bytes), as
//! `[jobs] memory_budget_mb` and RSS figures are.

/// Parses a size; the error says what is accepted.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let scale: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        _ => return Err(bad(text)),
    };
    let n: f64 = number.parse().map_err(|_| bad(text))?;
    let bytes = n * scale as f64;
    if !bytes.is_finite() || bytes < 0.0 || bytes > (1u64 << 50) as f64 {
        return Err(bad(text));
    }
    Ok(bytes.round() as u64)
}

fn bad(text: &str) -> String {
    format!(
        "{text:?} is not a size: write a number of bytes or one with a unit, such as \"64MB\", \"512KB\" or \"1GB\""
    )
}

/// A size for people: `64 MB`, `1.5 GB`, `512 KB`, `100 B`.
pub fn format_size(bytes: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)];
    for (unit, scale) in UNITS {
        if bytes >= scale {
            let v = bytes as f64 / scale as f64;
            return if v.fract() < 0.05 || v >= 100.0 {
                format!("{v:.0} {unit}")
            } else {
                format!("{v:.1} {unit}")
            };
        }
    }
    format!("{bytes} B")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_binary_units() {
        assert_eq!(parse_size("64MB"), Ok(64 << 20));
        assert_eq!(parse_size("64 mb"), Ok(64 << 20));
        assert_eq!(parse_size("1GB"), Ok(1 << 30));
        assert_eq!(parse_size("1.5G"), Ok(3 << 29));
        assert_eq!(parse_size("512KiB"), Ok(512 << 10));
        assert_eq!(parse_size("1000"), Ok(1000));
        for bad in ["", "MB", "64XB", "-1MB", "1e400", "lots"] {
            let e = parse_size(bad).unwrap_err();
            assert!(e.contains("64MB"), "{bad}: {e}");
        }
    }

    #[test]
    fn sizes_format_for_people() {
        assert_eq!(format_size(64 << 20), "64 MB");
        assert_eq!(format_size(3 << 29), "1.5 GB");
        assert_eq!(format_size(100), "100 B");
    }
}
