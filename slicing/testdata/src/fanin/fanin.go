// Package fanin: a helper entered from more call sites than a function keeps
// call strings for still returns the option to every one of them.
package fanin

type Fan struct {
	Size int `yaml:"size"`
}

// half is the popular helper.
func half(n int) int { return n / 2 }

func fanIn(f *Fan) [][]byte {
	var out [][]byte
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	out = append(out, make([]byte, half(f.Size))) // want sliced:"Fan.Size" effect:"Fan.Size:size"
	return out
}
