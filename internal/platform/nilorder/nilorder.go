// Package nilorder compares optional values with the missing ones last: a workout without an
// order number, a result without a place, a missing tiebreak. It is the one home of that rule
// for every list that sorts on an optional field.
package nilorder

import "cmp"

// Compare orders a and b by value, nil after every value; two nils are equal.
func Compare[T cmp.Ordered](a, b *T) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	return cmp.Compare(*a, *b)
}
