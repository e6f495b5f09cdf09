package record

import "fmt"

// SizeString writes a size in bytes with a binary unit (B, KiB, MiB,
// GiB) to three significant digits, for notes and documents.
func SizeString(b float64) string {
	// Three significant digits, and whole units from 1000 up (%.3g would
	// write 1020 as 1.02e+03).
	f := func(v float64, unit string) string {
		if v >= 1000 {
			return fmt.Sprintf("%.0f %s", v, unit)
		}
		return fmt.Sprintf("%.3g %s", v, unit)
	}
	switch {
	case b >= 1<<30:
		return f(b/(1<<30), "GiB")
	case b >= 1<<20:
		return f(b/(1<<20), "MiB")
	case b >= 1<<10:
		return f(b/(1<<10), "KiB")
	}
	return fmt.Sprintf("%.0f B", b)
}
