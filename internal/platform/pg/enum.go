package pg

import (
	"database/sql/driver"
	"fmt"

	"github.com/podium-dev/podium/internal/platform/words"
)

// Text maps a contract enum to the text column that stores its word and back: the one place
// where a stored word becomes the enum. Use it as a Scan destination (row.Scan(pg.Text(&w.ScoreType)))
// and as a query argument (pg.Text(&w.ScoreType)). An unknown word, or the zero value, is an
// error: the tables' check constraints allow the enum's words only.
func Text[E words.Word](p *E) *TextWord[E] { return &TextWord[E]{p} }

// TextWord is what Text returns: a sql.Scanner and a driver.Valuer.
type TextWord[E words.Word] struct{ p *E }

// Scan reads the stored word.
func (t *TextWord[E]) Scan(src any) error {
	var s string
	switch v := src.(type) {
	case string:
		s = v
	case []byte:
		s = string(v)
	default:
		return fmt.Errorf("pg: cannot read %T as a word", src)
	}
	e, ok := words.Parse[E](s)
	if !ok {
		return fmt.Errorf("pg: %q is not a %s", s, (*t.p).Descriptor().FullName())
	}
	*t.p = e
	return nil
}

// Value writes the word.
func (t *TextWord[E]) Value() (driver.Value, error) {
	if *t.p == 0 {
		return nil, fmt.Errorf("pg: no %s to store", (*t.p).Descriptor().FullName())
	}
	return (*t.p).String(), nil
}
