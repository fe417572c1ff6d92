package containers

// Frames writes length-prefixed frames: the trailer byte an option adds
// to each frame is data, so what later reads the frame reads no option;
// the buffer an option sizes carries that option on.
type Frames struct {
	Trailer byte `yaml:"trailer"`
	Size    int  `yaml:"size"`
}

func (f *Frames) frame(payload []byte) []byte {
	buf := make([]byte, 0, f.Size) // want sliced:"Frames.Size"
	buf = append(buf, byte(len(payload)))
	buf = append(buf, payload...)
	buf = append(buf, f.Trailer) // want sliced:"Frames.Trailer"
	return buf
}

// checksum reads a frame: its loop runs over data, whichever byte the
// option added, and as long as the buffer the other sized.
func checksum(frame []byte) uint32 {
	var h uint32
	for _, b := range frame { // want !sliced:"Frames.Trailer" sliced:"Frames.Size"
		h = h*31 + uint32(b) // want !sliced:"Frames.Trailer"
	}
	return h
}

func (f *Frames) Send(payload []byte) uint32 {
	return checksum(f.frame(payload))
}

// Stream frames a stream: a header the option appends to the buffer is
// data, while a buffer the option replaces by its squeezed form is the
// option's.
type Stream struct {
	Header  bool `yaml:"header"`
	Squeeze bool `yaml:"squeeze"`
}

func (s *Stream) Frame(payload []byte) uint32 {
	buf := append([]byte(nil), payload...)
	if s.Header { // want sliced:"Stream.Header"
		buf = appendHeader(buf, len(payload)) // want sliced:"Stream.Header"
	}
	if s.Squeeze { // want sliced:"Stream.Squeeze"
		buf = squeeze(buf) // want sliced:"Stream.Squeeze"
	}
	return sum(buf)
}

// sum reads the frame.
func sum(frame []byte) uint32 {
	var h uint32
	for _, b := range frame { // want !sliced:"Stream.Header" sliced:"Stream.Squeeze"
		h = h*31 + uint32(b)
	}
	return h
}

// appendHeader appends a length header to dst.
func appendHeader(dst []byte, n int) []byte {
	dst = append(dst, 'F')
	if n > 255 {
		dst = append(dst, byte(n>>8))
	}
	return append(dst, byte(n))
}

// squeeze returns a new buffer with every other byte of b.
func squeeze(b []byte) []byte {
	out := make([]byte, 0, len(b)/2)
	for i := 0; i < len(b); i += 2 {
		out = append(out, b[i])
	}
	return out
}
