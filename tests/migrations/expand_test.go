// Package migrations checks the rule that lets a release roll out while the previous one still
// serves (docs/operations.md, "Rolling upgrades"): a migration only expands the schema — the
// previous release's binary keeps working on it — unless it says on a line of its own
// `-- contract: <why nothing running uses it any more>`, a step that ships only once no binary
// that reads what it removes can still be running.
package migrations

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// breaking are the statements a binary of the previous release can fail on: what it reads or
// writes is gone or renamed, its values no longer fit, or its inserts now miss a value.
var breaking = []struct {
	what string
	re   *regexp.Regexp
}{
	{"drops what the previous release may use", regexp.MustCompile(`(?i)\bDROP\s+(TABLE|COLUMN|SCHEMA|VIEW|MATERIALIZED\s+VIEW|TYPE|SEQUENCE|FUNCTION|INDEX)\b`)},
	{"drops a column (ALTER TABLE … DROP name)", regexp.MustCompile(`(?i)\bALTER\s+TABLE\b[^;]*?\bDROP\s+(IF\s+EXISTS\s+)?("?[a-z_][a-z0-9_]*"?)\s*(,|;|CASCADE|RESTRICT|$)`)},
	{"renames", regexp.MustCompile(`(?i)\bRENAME\b`)},
	{"changes a column's type", regexp.MustCompile(`(?i)\bALTER\s+(COLUMN\s+)?"?[a-z_][a-z0-9_]*"?\s+(SET\s+DATA\s+)?TYPE\b`)},
	{"makes a column NOT NULL", regexp.MustCompile(`(?i)\bSET\s+NOT\s+NULL\b`)},
	{"drops a default the previous release's inserts rely on", regexp.MustCompile(`(?i)\bDROP\s+DEFAULT\b`)},
	{"adds a NOT NULL column without a default", regexp.MustCompile(`(?i)\bADD\s+(COLUMN\s+)?(IF\s+NOT\s+EXISTS\s+)?"?[a-z_][a-z0-9_]*"?\s+[^,;]*\bNOT\s+NULL\b[^,;]*`)},
	{"empties a table", regexp.MustCompile(`(?i)\bTRUNCATE\b`)},
}

// predatesTheRule are the migrations that broke the previous binary before releases rolled
// out: every deployment applied them long ago, with the targets stopped. Never add to this list.
var predatesTheRule = map[string]bool{
	"auth-svc/store/migrations/0140_accounts.sql":                  true, // DROP DEFAULT
	"competition-svc/store/migrations/0580_search_keys.sql":        true, // DROP INDEX
	"results-svc/store/migrations/0170_result_history_columns.sql": true, // DROP COLUMN
}

var contractMarker = regexp.MustCompile(`(?m)^--[ \t]*contract:[ \t]*\S`)

// TestMigrationsOnlyExpandUnlessMarkedContract reads every service's migrations and fails on
// each breaking statement of a migration that is not marked as a contract step.
func TestMigrationsOnlyExpandUnlessMarkedContract(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "*", "store", "migrations", "*.sql"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations found (%v)", err)
	}
	sort.Strings(files)
	for _, f := range files {
		rel := filepath.ToSlash(strings.TrimPrefix(f, filepath.Join("..", "..")+string(filepath.Separator)))
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if predatesTheRule[rel] || contractMarker.Match(body) {
			continue
		}
		for _, problem := range breakingStatements(string(body)) {
			t.Errorf("%s %s: the previous release, still serving during a rolling upgrade, would break. "+
				"Expand instead (docs/operations.md, \"Rolling upgrades\"), or mark it `-- contract: <why nothing running uses it>` "+
				"and ship it only once no binary that uses it runs", rel, problem)
		}
	}
}

// breakingStatements lists what in sql would break the previous release's binary.
func breakingStatements(sql string) []string {
	code := stripCommentsAndStrings(sql)
	var out []string
	for _, stmt := range strings.Split(code, ";") {
		for _, b := range breaking {
			if m := b.re.FindString(stmt); m != "" && !notNullFilled(b.what, m) {
				out = append(out, b.what+": "+strings.Join(strings.Fields(m), " "))
			}
		}
	}
	return out
}

// notNullFilled: ADD COLUMN … NOT NULL DEFAULT … fills the previous release's inserts, and
// ADD CONSTRAINT … IS NOT NULL adds no column.
func notNullFilled(what, match string) bool {
	return strings.HasPrefix(what, "adds a NOT NULL") &&
		(regexp.MustCompile(`(?i)\bDEFAULT\b`).MatchString(match) || regexp.MustCompile(`(?i)^ADD\s+CONSTRAINT\b`).MatchString(match))
}

var (
	lineComment  = regexp.MustCompile(`--[^\n]*`)
	blockComment = regexp.MustCompile(`(?s)/\*.*?\*/`)
	literal      = regexp.MustCompile(`'(?:[^']|'')*'`)
)

func stripCommentsAndStrings(sql string) string {
	sql = literal.ReplaceAllString(sql, "''")
	sql = blockComment.ReplaceAllString(sql, " ")
	return lineComment.ReplaceAllString(sql, " ")
}

// TestTheCheckRefusesWhatBreaksThePreviousRelease keeps the check honest on statements of
// each kind.
func TestTheCheckRefusesWhatBreaksThePreviousRelease(t *testing.T) {
	t.Parallel()
	refused := []string{
		`ALTER TABLE results DROP COLUMN points;`,
		`ALTER TABLE results DROP points, ADD COLUMN x int;`,
		`DROP TABLE heats;`,
		`ALTER TABLE teams RENAME COLUMN name TO title;`,
		`ALTER TABLE teams RENAME TO squads;`,
		`ALTER TABLE results ALTER COLUMN value TYPE numeric;`,
		`ALTER TABLE results ALTER value SET DATA TYPE numeric;`,
		`ALTER TABLE teams ALTER COLUMN email SET NOT NULL;`,
		`ALTER TABLE teams ALTER COLUMN role DROP DEFAULT;`,
		`ALTER TABLE teams ADD COLUMN email text NOT NULL;`,
		`DROP INDEX teams_name_key;`,
		`TRUNCATE mail_outbox;`,
	}
	for _, sql := range refused {
		if len(breakingStatements(sql)) == 0 {
			t.Errorf("not refused: %s", sql)
		}
	}
	allowed := []string{
		`ALTER TABLE teams ADD COLUMN email text;`,
		`ALTER TABLE teams ADD COLUMN paid boolean NOT NULL DEFAULT false;`,
		`CREATE TABLE x (id uuid PRIMARY KEY, name text NOT NULL);`,
		`CREATE INDEX x_name ON x (name);`,
		`ALTER TABLE activity DROP CONSTRAINT activity_entity_check, ADD CONSTRAINT activity_entity_check CHECK (entity IN ('a', 'b'));`,
		`-- we never DROP COLUMN here
		 INSERT INTO log VALUES ('team renamed; DROP TABLE x');`,
		`CREATE TRIGGER t AFTER UPDATE ON results FOR EACH ROW EXECUTE FUNCTION f();`,
	}
	for _, sql := range allowed {
		if got := breakingStatements(sql); len(got) != 0 {
			t.Errorf("refused %s: %v", sql, got)
		}
	}
	if !contractMarker.MatchString("-- Drop the old column.\n-- contract: unused since the release of May\nALTER TABLE t DROP COLUMN c;") {
		t.Error("a marked contract step is not recognised")
	}
	if contractMarker.MatchString("-- contract:\nALTER TABLE t DROP COLUMN c;") {
		t.Error("a contract marker without its reason is taken")
	}
}
