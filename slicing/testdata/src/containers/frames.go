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
