package nilorder

import (
	"slices"
	"testing"
)

func TestMissingValuesComeLast(t *testing.T) {
	t.Parallel()
	one, two := 1, 2
	got := []*int{nil, &two, nil, &one}
	slices.SortStableFunc(got, Compare[int])
	if *got[0] != 1 || *got[1] != 2 || got[2] != nil || got[3] != nil {
		t.Errorf("sorted: %v %v %v %v", got[0], got[1], got[2], got[3])
	}
	if Compare[int](nil, nil) != 0 {
		t.Error("two missing values are not equal")
	}
}
