package structs

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
)

// service is what a discovery API answers: decoded from the network, its
// portConfig is a record of data although named like configuration.
type service struct {
	Name  string
	Ports []portConfig
}

type portConfig struct {
	Protocol string
	Port     int
}

func listServices(url string) ([]service, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var services []service
	err = json.Unmarshal(data, &services)
	return services, err
}

func dial(url string) {
	services, _ := listServices(url)
	for _, s := range services {
		for _, p := range s.Ports {
			if p.Protocol != "tcp" { // a record's field, not an option
				continue
			}
			fmt.Println(p.Port)
		}
	}
}

// fileSchema is a configuration file's layout: decoded from a file, what
// it holds named like configuration stays configuration.
type fileSchema struct {
	Cache CacheSettings
	Queue QueueSettings
}

type CacheSettings struct {
	Entries int
}

type QueueSettings struct {
	Depth int
}

func loadFile(path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		return
	}
	var f fileSchema
	_ = json.Unmarshal(data, &f)
	fmt.Println(make([]int, f.Cache.Entries)) // want option:"CacheSettings.Entries"
}

func loadStream(path string) {
	file, err := os.Open(path)
	if err != nil {
		return
	}
	defer file.Close()
	var f fileSchema
	_ = json.NewDecoder(file).Decode(&f)
	fmt.Println(make([]int, f.Queue.Depth)) // want option:"QueueSettings.Depth"
}

// StreamConfig comes in a client's create request, and is also decoded
// alone (an update): decoded as settings somewhere, it stays settings.
type StreamConfig struct {
	MaxMsgs int
}

type createRequest struct {
	Name   string
	Config StreamConfig
}

func createStream(data []byte) {
	var req createRequest
	if json.Unmarshal(data, &req) != nil {
		return
	}
	fmt.Println(make([]int, req.Config.MaxMsgs)) // want option:"StreamConfig.MaxMsgs"
}

func updateStream(data []byte) {
	var cfg StreamConfig
	if json.Unmarshal(data, &cfg) != nil {
		return
	}
	fmt.Println(make([]int, cfg.MaxMsgs)) // want option:"StreamConfig.MaxMsgs"
}

// echConfig is a record of a wire format, named like configuration: it
// decodes itself from the bytes it is given, which no setting does.
type echConfig struct {
	Key []byte
	TTL int
}

func (e *echConfig) unpack(b []byte) error {
	e.Key = append([]byte(nil), b[1:]...)
	e.TTL = int(b[0])
	return nil
}

func readRecords(msgs [][]byte) (n int) {
	for _, m := range msgs {
		var e echConfig
		if e.unpack(m) == nil {
			n += len(e.Key) * e.TTL // a record's fields, not options
		}
	}
	return n
}

// LimitConfig decodes itself through a configuration format's text hook:
// still configuration.
type LimitConfig struct {
	Max int
}

func (l *LimitConfig) UnmarshalText(b []byte) error {
	l.Max = len(b)
	return nil
}

type limited struct{ cfg *LimitConfig }

func newLimited(c *LimitConfig) *limited { return &limited{cfg: c} }

func (l *limited) allow(n int) bool { return n < l.cfg.Max } // want option:"LimitConfig.Max"

// WillOptions keeps the bytes a fluent setter is given: a setter, not a
// decoder (it returns the options, not an error): still configuration.
type WillOptions struct {
	Payload []byte
	QoS     int
}

func (w *WillOptions) SetPayload(b []byte) *WillOptions {
	w.Payload = b
	return w
}

type willClient struct{ opts *WillOptions }

func newWillClient(o *WillOptions) *willClient { return &willClient{opts: o} }

func (c *willClient) send() int { return len(c.opts.Payload) * c.opts.QoS } // want option:"WillOptions.Payload" option:"WillOptions.QoS"

// Feed is decoded from what a server sends. Its entries, reached through
// a named list, are data although their own exported methods read their
// exported fields as a tool's do: the decoder sets them, no store shows it.
type Feed struct {
	Title   string
	Entries EntryList
}

type EntryList []Entry

type Entry struct {
	Kind string
	Text string
}

func (e *Entry) HTML() string {
	if e.Kind == "html" {
		return e.Text
	}
	return "<p>" + e.Text + "</p>"
}

func fetchFeed(r io.Reader) (*Feed, error) {
	var f Feed
	err := json.NewDecoder(r).Decode(&f)
	return &f, err
}

// previewRequest is the body of a request the client sends: its
// DatafeedSettings, named like configuration, is a record of data the
// program encodes, whatever its builder methods keep, not settings.
type previewRequest struct {
	Feed *DatafeedSettings `json:"feed"`
}

type DatafeedSettings struct {
	Frequency int `json:"frequency"`
	Indices   []string
}

type preview struct {
	req *previewRequest
}

func (p *preview) Datafeed(s *DatafeedSettings) *preview {
	p.req.Feed = s
	return p
}

func (p *preview) send(w io.Writer) error {
	if p.req.Feed != nil && p.req.Feed.Frequency > 0 { // a record's field, not an option
		fmt.Fprintln(w, "scheduled")
	}
	return json.NewEncoder(w).Encode(p.req)
}

// dumpSettings prints the settings as JSON: encoded as configuration,
// what they hold stays configuration.
func dumpSettings(w io.Writer, s *fileSchema) {
	_ = json.NewEncoder(w).Encode(s)
	fmt.Println(make([]int, s.Cache.Entries)) // want option:"CacheSettings.Entries"
}

// assignment is a record the program sends: what it keeps in its
// unexported fields (the node that runs it) and in a field its encoding
// omits is not sent, and the node's settings stay configuration.
type assignment struct {
	Name   string     `json:"name"`
	Config *NodeOpts  `json:"-"`
	node   *groupNode // not encoded
}

type groupNode struct {
	opts *NodeOpts
}

type NodeOpts struct {
	SyncEvery int
}

func (a *assignment) publish(w io.Writer) error {
	fmt.Println(make([]int, a.node.opts.SyncEvery)) // want option:"NodeOpts.SyncEvery"
	return json.NewEncoder(w).Encode(a)
}
