package structs

import (
	"io"
	"sync"
)

// UploadWriter is a running object its user sets up before writing.
// Its exported fields are its configuration even though the module's own
// code sets them: an options struct's apply copies its settings into
// them, and the module's own uploads set a new writer up as any user
// would, with a constant: the settings struct's fields are copies of
// the writer's. The fields its methods set to what they computed
// (Written) are its state, and what it embeds (the attributes of the
// object it uploads) is its data.
type UploadWriter struct {
	UploadAttrs
	unimplementedUploader
	ChunkSize      int
	SendChecksum   bool
	FinalizeOnSync bool
	Written        int64
	Offset         int64

	mu  sync.Mutex
	dst io.Writer
	buf []byte
}

// UploadAttrs are the attributes of an uploaded object.
type UploadAttrs struct {
	Name        string
	ContentType string
}

// unimplementedUploader gives a writer the methods it does not have.
type unimplementedUploader struct{}

func (unimplementedUploader) Resume() error { return nil }

type uploadReply struct {
	name  string
	ctype string
}

// attrsOf fills an object's attributes from a reply: they are data.
func attrsOf(r *uploadReply) UploadAttrs {
	return UploadAttrs{Name: r.name, ContentType: r.ctype}
}

// resumeUpload sets a new writer up from what was done: computed, not a
// setting, so Offset is the writer's state.
func resumeUpload(dst io.Writer, done [][]byte) *UploadWriter {
	w := NewUploadWriter(dst)
	w.Offset = int64(len(done))
	return w
}

// PartWriter writes one part; the upload writer numbers the parts it
// hands out: Index is the part's state, not a setting.
type PartWriter struct {
	Index   int
	Size    int
	Retries int
	mu      sync.Mutex
}

func (p *PartWriter) Write(b []byte) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(b) * p.Size // want option:"PartWriter.Size"
}

func (w *UploadWriter) nextPart(p *PartWriter) {
	w.Written++
	p.Index = int(w.Written)
}

// Gateway is a running object embedding a group of settings that its
// code only reads: the group stays configuration.
type Gateway struct {
	GatewayLimits
	Name string
	mu   sync.Mutex
	open int
}

// GatewayLimits are a gateway's limits.
type GatewayLimits struct {
	MaxConns int
	MaxBody  int
}

func (g *Gateway) Accept(body []byte) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.open >= g.MaxConns || len(body) > g.MaxBody { // want option:"Gateway.GatewayLimits.MaxConns" option:"Gateway.GatewayLimits.MaxBody"
		return false
	}
	g.open++
	return true
}

// NewUploadWriter makes a writer to dst.
func NewUploadWriter(dst io.Writer) *UploadWriter {
	return &UploadWriter{dst: dst, ChunkSize: 1 << 20}
}

// UploadOpts are the settings of an appendable upload, applied to its
// writer.
type UploadOpts struct {
	ChunkSize      int
	SendChecksum   bool
	FinalizeOnSync bool
}

func (o *UploadOpts) apply(w *UploadWriter) {
	if o == nil {
		return
	}
	w.ChunkSize = o.ChunkSize           // want option:"UploadWriter.ChunkSize" alias:"UploadOpts.ChunkSize"
	w.SendChecksum = o.SendChecksum     // want option:"UploadWriter.SendChecksum" alias:"UploadOpts.SendChecksum"
	w.FinalizeOnSync = o.FinalizeOnSync // want option:"UploadWriter.FinalizeOnSync" alias:"UploadOpts.FinalizeOnSync"
}

// NewAppendWriter makes a writer to dst with opts.
func NewAppendWriter(dst io.Writer, opts *UploadOpts) *UploadWriter {
	w := &UploadWriter{dst: dst}
	opts.apply(w)
	return w
}

// uploadParts writes each part with a writer of its own, set up as a
// user would: one chunk per part.
func uploadParts(dst io.Writer, parts [][]byte) error {
	for _, p := range parts {
		pw := NewUploadWriter(dst)
		pw.ChunkSize = 0
		if _, err := pw.Write(p); err != nil {
			return err
		}
	}
	return nil
}

func (w *UploadWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.buf == nil {
		w.dst.Write([]byte(w.ContentType))
		w.buf = make([]byte, 0, w.ChunkSize) // want option:"UploadWriter.ChunkSize"
	}
	w.buf = append(w.buf, p...)
	if len(w.buf) < w.ChunkSize { // want option:"UploadWriter.ChunkSize"
		return len(p), nil
	}
	n, err := w.dst.Write(w.buf)
	w.Written += int64(n)
	w.buf = w.buf[:0]
	if w.SendChecksum { // want option:"UploadWriter.SendChecksum"
		_, err = w.dst.Write([]byte{0})
	}
	return len(p), err
}

var _, _, _ = uploadParts, attrsOf, resumeUpload
