package report

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/confhunt/confhunt/hunt"
)

// SuspectRule is the id of the one SARIF rule confhunt reports: an option
// among the top of the ranking. The option is named in each result.
const SuspectRule = "confhunt/suspect"

// The uriBaseIds of SARIF locations: the main module's root, and Go's
// module cache for files of other modules (module@version/file).
const (
	srcRoot    = "SRCROOT"
	goModCache = "GOMODCACHE"
)

// The SARIF 2.1.0 objects confhunt writes; field names are the standard's.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                    `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifactBase `json:"originalUriBaseIds"`
		Results            []sarifResult                `json:"results"`
		Properties         map[string]any               `json:"properties,omitempty"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string        `json:"id"`
		Name                 string        `json:"name"`
		ShortDescription     sarifMessage  `json:"shortDescription"`
		FullDescription      sarifMessage  `json:"fullDescription"`
		Help                 sarifMessage  `json:"help"`
		DefaultConfiguration sarifRuleConf `json:"defaultConfiguration"`
	}
	sarifRuleConf struct {
		Level string `json:"level"`
	}
	sarifArtifactBase struct {
		Description sarifMessage `json:"description"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifMessage      `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		Properties          map[string]any    `json:"properties"`
	}
	sarifLocation struct {
		ID               *int                  `json:"id,omitempty"`
		PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
		Message          *sarifMessage         `json:"message,omitempty"`
	}
	sarifPhysicalLocation struct {
		ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
		Region           *sarifRegion          `json:"region,omitempty"`
	}
	sarifArtifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
	}
)

// BottleneckRule is the id of the SARIF rule of hunt's results: a probed
// site among the top of the bottlenecks.
const BottleneckRule = "confhunt/bottleneck"

// sarif is the suspects of a ranking as a SARIF 2.1.0 log: one result
// per suspect at its option's first read site, with the lines of the
// view behind its score as related locations, and with rank -measure,
// its slow values' measured slowdowns (the SLOWDOWN cell in the message,
// each setting's result as a property). File URIs are relative to
// the module root (uriBaseId SRCROOT), or to the module cache
// (GOMODCACHE) for files of other modules.
//
// Regions give lines only: Go's columns count bytes, SARIF's count
// characters.
func (v Rank) sarif() sarifLog {
	run := newSARIFRun(sarifRule{
		ID:               SuspectRule,
		Name:             "ConfigurationSuspect",
		ShortDescription: sarifMessage{"An option that controls much of the program's work"},
		FullDescription: sarifMessage{"The option's forward slice (the code its value controls) is among the top of the " +
			"options ranked by weighted CPU, memory, IO and waiting work per program run. A setting of it may be a performance bottleneck."},
		Help: sarifMessage{"Run confhunt rank -explain OPTION to see the lines behind the score. " +
			"Mark an option that is not a concern with //confhunt:ignore REASON on its declaration or a read site."},
		DefaultConfiguration: sarifRuleConf{Level: "warning"},
	})
	run.Properties = map[string]any{
		"options":         v.Stats.Options,
		"suspects":        v.Stats.Suspects,
		"topPercent":      v.Stats.TopPct,
		"countsMeasured":  v.Stats.Measured,
		"largestSliceFns": v.Stats.Functions,
	}
	if v.Workload != nil {
		run.Properties["workload"] = v.Workload // rank -measure: how the slow values were measured
	}
	for _, o := range v.Options {
		if o.Suspect {
			run.Results = append(run.Results, sarifSuspect(o, v.Stats.Options))
		}
	}
	return newSARIFLog(run)
}

func newSARIFRun(rule sarifRule) sarifRun {
	return sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "confhunt",
			InformationURI: "https://github.com/confhunt/confhunt",
			Rules:          []sarifRule{rule},
		}},
		OriginalURIBaseIDs: map[string]sarifArtifactBase{
			srcRoot:    {Description: sarifMessage{"The root of the analysed Go module (the directory of its go.mod)."}},
			goModCache: {Description: sarifMessage{"Go's module cache (go env GOMODCACHE), for files of other modules."}},
		},
		Results: []sarifResult{},
	}
}

func newSARIFLog(run sarifRun) sarifLog {
	return sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	}
}

func sarifSuspect(o RankOption, count int) sarifResult {
	s := o.Score
	msg := fmt.Sprintf("Option %s is a suspect: rank %d of %d, total %s (CPU %s, MEM %s, IO %s, LAT %s, SYNC %s, RET %s); influence %s",
		o.Name, o.Rank, count, num(s.Total), num(s.CPU), num(s.MEM), num(s.IO), num(s.LAT), num(s.SYNC), num(s.RET), o.influence())
	if l := o.first; l != nil {
		msg += fmt.Sprintf("; %s of it at %s", share(l.Share), l)
	}
	if len(o.Settings) > 0 {
		msg += fmt.Sprintf("; its slow values measured under the workload: %s", o.measured())
	}
	r := sarifResult{
		RuleID:    SuspectRule,
		RuleIndex: 0,
		Level:     "warning",
		Message:   sarifMessage{msg + "."},
		Locations: []sarifLocation{},
		// The option's name identifies the finding across runs, as the
		// baseline of -fail-on-suspects does.
		PartialFingerprints: map[string]string{"confhuntOption/v1": o.Name},
		Properties: map[string]any{
			"option":    o.Name,
			"style":     o.Style,
			"rank":      o.Rank,
			"total":     s.Total,
			"influence": o.Influence,
		},
	}
	if len(o.Settings) > 0 {
		r.Properties["measured"] = o.measured() // the SLOWDOWN cell
		r.Properties["settings"] = o.Settings
	}
	if len(o.Sites) > 0 {
		if loc, ok := sarifAt(o.Sites[0].Pos); ok {
			loc.Message = &sarifMessage{fmt.Sprintf("%s is read here, in %s", o.Name, o.Sites[0].short)}
			r.Locations = append(r.Locations, loc)
		}
	}
	for _, l := range o.Top {
		if l.Score.Total == 0 {
			break
		}
		loc, ok := sarifAt(l.Pos)
		if !ok {
			continue
		}
		id := len(r.RelatedLocations) + 1
		loc.ID = &id
		loc.Message = &sarifMessage{fmt.Sprintf("%s of %s's score, in %s", share(l.Share), o.Name, l.short)}
		r.RelatedLocations = append(r.RelatedLocations, loc)
	}
	return r
}

// sarif is the bottlenecks the tables show as a SARIF 2.1.0 log: one
// result per site that ran, at its line, naming the options whose slices
// hold it, with what it used in the message and as properties.
func (v Hunt) sarif() sarifLog {
	run := newSARIFRun(sarifRule{
		ID:               BottleneckRule,
		Name:             "ConfigurationBottleneck",
		ShortDescription: sarifMessage{"A site in an option's slice that used much time, memory or IO under the workload"},
		FullDescription: sarifMessage{"confhunt probed the code that the suspect options control (their forward slices) while the workload ran, " +
			"and ranked the probed functions, allocation sites and IO calls by the time, bytes allocated and IO bytes they used."},
		Help: sarifMessage{"The options named are those whose value controls the site: a setting of them may make it costlier. " +
			"Run confhunt rank -explain OPTION to see how."},
		DefaultConfiguration: sarifRuleConf{Level: "note"},
	})
	run.Properties = map[string]any{
		"probes":           v.Plan.Funcs + v.Plan.Allocs + v.Plan.IOs,
		"functionProbes":   v.Plan.Funcs,
		"allocationProbes": v.Plan.Allocs,
		"ioProbes":         v.Plan.IOs,
	}
	for _, b := range v.shown() {
		run.Results = append(run.Results, sarifBottleneck(b))
	}
	return newSARIFLog(run)
}

func sarifBottleneck(b BottleneckJSON) sarifResult {
	what := b.short + b.callee()
	var used []string
	switch {
	case b.Kind == hunt.FuncProbe.String():
		used = append(used, fmt.Sprintf("%s exclusive, %s inclusive", nanos(float64(b.Exclusive)), nanos(float64(b.Inclusive))))
	case b.Timed:
		used = append(used, nanos(float64(b.Inclusive)))
	}
	if b.Kind != hunt.FuncProbe.String() {
		used = append(used, bytesString(b.Bytes))
	}
	msg := fmt.Sprintf("Bottleneck %d (%s): %s used %s in %s", b.Rank, b.Kind, what, strings.Join(used, ", "), plural(b.Calls, "call"))
	if len(b.Options) > 0 {
		msg += fmt.Sprintf("; controlled by %s", strings.Join(b.Options, ", "))
	}
	r := sarifResult{
		RuleID:    BottleneckRule,
		RuleIndex: 0,
		Level:     "note",
		Message:   sarifMessage{msg + "."},
		Locations: []sarifLocation{},
		// The site's function, kind and callee identify it across runs;
		// lines move.
		PartialFingerprints: map[string]string{"confhuntSite/v1": b.Kind + " " + b.Func + b.callee()},
		Properties: map[string]any{
			"rank":           b.Rank,
			"kind":           b.Kind,
			"func":           b.Func,
			"options":        b.Options,
			"calls":          b.Calls,
			"timed":          b.Timed,
			"nanosInclusive": b.Inclusive,
			"nanosExclusive": b.Exclusive,
			"bytes":          b.Bytes,
			"score":          b.Score,
		},
	}
	if b.Callee != "" {
		r.Properties["callee"] = b.Callee
	}
	if loc, ok := sarifAt(b.Pos); ok {
		loc.Message = &sarifMessage{fmt.Sprintf("the %s probe of %s", b.Kind, what)}
		r.Locations = append(r.Locations, loc)
	}
	return r
}

// sarifAt converts a position, file:line or file:line:col as the stages
// format them, to a SARIF location.
func sarifAt(pos string) (sarifLocation, bool) {
	file, line, ok := splitPos(pos)
	if !ok {
		return sarifLocation{}, false
	}
	al := sarifArtifactLocation{URI: pathToURI(file), URIBaseID: srcRoot}
	switch {
	case filepath.IsAbs(file):
		// Outside every known module: an absolute file URI.
		u := pathToURI(file)
		if !strings.HasPrefix(u, "/") {
			u = "/" + u // a Windows drive
		}
		al = sarifArtifactLocation{URI: "file://" + u}
	case moduleVersionRE.MatchString(file):
		al.URIBaseID = goModCache
	}
	return sarifLocation{PhysicalLocation: sarifPhysicalLocation{
		ArtifactLocation: al,
		Region:           &sarifRegion{StartLine: line},
	}}, true
}

// moduleVersionRE matches a position in another module, module@version/file.
var moduleVersionRE = regexp.MustCompile(`^[^@]+@v[0-9][^/]*/`)

// splitPos splits file:line[:col] into its file and line.
func splitPos(pos string) (file string, line int, ok bool) {
	rest, last, found := cutLast(pos)
	if !found {
		return "", 0, false
	}
	if n, err := strconv.Atoi(last); err == nil {
		// file:line:col or file:line
		if f, l, found := cutLast(rest); found {
			if m, err := strconv.Atoi(l); err == nil && m > 0 {
				return f, m, true
			}
		}
		if n > 0 {
			return rest, n, true
		}
	}
	return "", 0, false
}

func cutLast(s string) (before, after string, found bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// pathToURI escapes a slash-separated path for a URI reference.
func pathToURI(p string) string {
	p = filepath.ToSlash(p)
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/!$&'()*+,;=:@", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}
