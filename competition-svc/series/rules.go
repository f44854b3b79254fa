package series

// The series' and the search's field rules with their message texts (docs/series.md).

const (
	msgSeriesNameShort        = "Series name must be at least 2 characters"
	msgSeriesNameLong         = "Series name must be less than 255 characters"
	msgSeasonTooLong          = "Season must be at most 40 characters"
	msgBestNInvalid           = "Best N must be between 0 (every event) and 100"
	msgSeriesRankingInvalid   = "Ranking must be team or athlete"
	msgSeriesAdminsOnly       = "Only administrators can create, delete or grant series."
	msgSeriesOrganisersOnly   = "Only administrators and the organisers they grant can manage series."
	msgSeriesNotFound         = "Series not found"
	msgSeriesEventNotFound    = "The event is not part of this series"
	msgSeriesDivisionNotFound = "The series division does not belong to this series"
	msgSeriesDivisionExists   = "The series already has a division named %s"
	msgDivisionMappedTwice    = "Division %s is listed twice"
	msgSeriesDivisionTaken    = "Series division %s takes one division per event: %s and %s both map to it"

	// Search (docs/series.md, "Search").
	msgSearchTooShort = "Type at least 2 letters or digits to search"
	msgSearchTooLong  = "Search text must be at most 100 characters"
)

// Series and search limits.
const (
	seasonMax       = 40
	bestNMax        = 100
	searchMin       = 2
	searchMax       = 100
	searchLimitMax  = 50
	searchLimitBase = 10
)
