package store

import (
	"context"

	"github.com/podium-dev/podium/internal/platform/apperr"
	"github.com/podium-dev/podium/internal/platform/names"
)

// ForgetAthlete erases a deleted athlete from what results-svc keeps, in the store's
// transaction (docs/access.md, "Athletes"): their submissions and review actions (found by
// account, or by address for rows older than the account column) and the result history
// they wrote (by address) name names.FormerAthlete; the mails to their address, sent or not,
// are deleted, and their name leaves the mails to others. It returns the rows changed;
// asking again changes nothing more.
func (s *Store) ForgetAthlete(ctx context.Context, userID, email, name string) (rows int, err error) {
	defer apperr.Wrap(&err, "store.ForgetAthlete(%q)", userID)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE results.submissions SET submitted_by = $3, submitted_by_id = NULL
			WHERE submitted_by_id = $1 OR ($2 <> '' AND lower(submitted_by) = lower($2))`, []any{userID, email, names.FormerAthlete}},
		{`UPDATE results.submission_reviews SET by_name = $3, by_id = NULL
			WHERE by_id = $1 OR ($2 <> '' AND lower(by_name) = lower($2))`, []any{userID, email, names.FormerAthlete}},
		{`UPDATE results.result_history SET actor = $2 WHERE $1 <> '' AND lower(actor) = lower($1)`, []any{email, names.FormerAthlete}},
		{`DELETE FROM results.mail_outbox WHERE $1 <> '' AND lower(to_address) = lower($1)`, []any{email}},
		{`UPDATE results.mail_outbox SET subject = replace(subject, $1, $2), body_text = replace(body_text, $1, $2)
			WHERE $1 <> '' AND (strpos(subject, $1) > 0 OR strpos(body_text, $1) > 0)`, []any{name, names.FormerAthlete}},
	} {
		tag, err := s.db.Exec(ctx, q.sql, q.args...)
		if err != nil {
			return rows, err
		}
		rows += int(tag.RowsAffected())
	}
	return rows, nil
}
