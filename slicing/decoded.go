package slicing

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// decodedData finds the structs that are records of decoded data, or
// of data the program encodes to send (sources.encoders, the same way
// but from any writer): those
// reached, through fields, pointers, slices, arrays and maps, from what
// a decoder of a wire format (sources.decoders: encoding/json, xml, gob,
// protobuf) decodes into a value whose type is not configuration itself
// (not named like it, no configuration tag, not declared): an API
// response, a message, a list of records. A struct named like
// configuration among them (a response's portConfig, a listing's
// networkSettings) describes what the program receives, not how it is
// set up. Bytes read from a file (sources.file_reads, or a decoder
// reading an *os.File) may be a configuration file: what they decode
// into is left alone, and so is a struct that some decoding reaches as,
// or within, configuration. A struct that decodes itself from bytes
// (see selfDecoding) is such a record too. It returns, per such struct,
// where the first decoding that reaches it is.
func (d *discoverer) decodedData(declared map[string]bool) map[*types.Struct]string {
	type coder struct {
		into    int
		encodes bool
	}
	decoders := make(map[string]coder)
	for _, f := range d.src.Decoders {
		for _, name := range f.Names() {
			decoders[name] = coder{f.Into, false}
		}
	}
	for _, f := range d.src.Encoders {
		for _, name := range f.Names() {
			decoders[name] = coder{f.Into, true}
		}
	}
	if len(decoders) == 0 {
		return nil
	}
	out := make(map[*types.Struct]string)
	d.decodeRoots = make(map[*types.Struct]bool)
	settings := make(map[*types.Struct]bool) // decoded as, or within, configuration
	filed := make(map[*types.Struct]bool)    // decoded from a file, or within what is
	for fn, call := range d.scannedCalls() {
		c := call.Common()
		callee := c.StaticCallee()
		if callee == nil {
			continue
		}
		coder, ok := decoders[funcName(origin(callee))]
		if !ok {
			continue
		}
		into := coder.into
		args := c.Args
		file := false // a decoder over a file, or a file's bytes
		if callee.Signature.Recv() != nil && len(args) > 0 {
			file = !coder.encodes && d.fromFile(args[0])
			args = args[1:]
		} else if !coder.encodes && len(args) > 0 {
			file = d.fromFile(args[0])
		}
		if into >= len(args) {
			continue
		}
		v := args[into]
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		root, nt := nestedStruct(v.Type())
		if root == nil {
			continue
		}
		if codecHook(fn) {
			continue // a type's own JSON hook encoding itself: says neither
		}
		if !coder.encodes {
			d.decodeRoots[root] = true
		}
		if file {
			for s := range reached(root) {
				filed[s] = true
			}
			continue
		}
		if d.configuration(root, nt, declared) {
			if !coder.encodes { // settings written out (printed, sent) say nothing of what they hold
				for s := range reached(root) {
					settings[s] = true
				}
			}
			continue
		}
		verb := "decoded"
		if coder.encodes {
			verb = "encoded"
		}
		where := fmt.Sprintf("%s as %s at %s", verb, types.TypeString(v.Type(), types.RelativeTo(fn.Pkg.Pkg)), d.prog.Position(call.Pos()))
		for s := range reached(root) {
			if _, ok := out[s]; !ok && s != root {
				out[s] = where
			}
		}
	}
	for s := range settings {
		delete(out, s) // also decoded as settings (a stream's config sent in a request and read from a file)
	}
	for s := range filed {
		if strings.HasPrefix(out[s], "encoded") {
			delete(out, s) // a file's layout written out (settings printed as JSON)
		}
	}
	for _, fn := range d.funcs {
		s, at := d.selfDecoding(fn)
		if s != nil && !d.hasTag(s, d.src.Tags) {
			if _, ok := out[s]; !ok {
				out[s] = "decodes itself from bytes in " + fn.String() + " at " + at
			}
		}
	}
	return out
}

// codecHook reports whether fn (or the method it is a closure of) is
// an encoding's hook of its receiver's type (MarshalJSON, UnmarshalText,
// ...): what it hands the format's encoder or decoder, itself, a copy of
// its type or its fields one by one, is the format's machinery, no
// evidence of what the value is.
func codecHook(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn.Signature.Recv() != nil && codecHooks[fn.Name()]
}

// codecHooks are the methods through which the standard encodings and
// the configuration formats encode or decode a type of their own.
var codecHooks = map[string]bool{
	"MarshalJSON": true, "UnmarshalJSON": true, "MarshalText": true, "UnmarshalText": true,
	"MarshalXML": true, "UnmarshalXML": true, "MarshalBinary": true, "UnmarshalBinary": true,
	"MarshalYAML": true, "UnmarshalYAML": true, "MarshalTOML": true, "UnmarshalTOML": true,
	"GobEncode": true, "GobDecode": true,
}

// textHooks are the methods through which a configuration format decodes
// a type of its own (encoding.TextUnmarshaler, json.Unmarshaler, yaml's
// and toml's): a configuration struct may have one.
var textHooks = map[string]bool{"UnmarshalText": true, "UnmarshalJSON": true, "UnmarshalYAML": true, "UnmarshalTOML": true}

// selfDecoding returns the struct whose method fn is when fn fills the
// receiver's fields from the bytes it is given and fails on bad ones
// (unpack(b []byte) error, a wire record's decoder), with where it
// stores them: a record that decodes itself, not settings. A setter
// (which returns no error alone: SetPayload(b) *Options) is not one;
// nor are the text hooks of configuration formats, nor a method some
// call gives a file's bytes (a configuration file parsed by its type).
func (d *discoverer) selfDecoding(fn *ssa.Function) (*types.Struct, string) {
	res := fn.Signature.Results()
	if fn.Signature.Recv() == nil || textHooks[fn.Name()] || len(fn.Params) < 2 || res.Len() != 1 || !types.Identical(res.At(0).Type(), errorType) {
		return nil, ""
	}
	for _, c := range d.calls[origin(fn)] {
		for _, a := range c.Call.Args {
			if d.fromFile(a) {
				return nil, ""
			}
		}
	}
	s := structOf(fn.Params[0].Type())
	if s == nil {
		return nil, ""
	}
	var bytes []*ssa.Parameter
	for _, p := range fn.Params[1:] {
		if isBytes(p.Type()) {
			bytes = append(bytes, p)
		}
	}
	if len(bytes) == 0 {
		return nil, ""
	}
	for st, fa := range fieldStores(fn) {
		if fa.X != fn.Params[0] {
			continue
		}
		for _, p := range bytes {
			if fromBytes(st.Val, p, 0) {
				return s, d.prog.Position(st.Pos())
			}
		}
	}
	return nil, ""
}

// fromBytes reports whether v is p, or computed from it by conversions,
// slicing, indexing or calls given it.
func fromBytes(v ssa.Value, p *ssa.Parameter, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		return x == p
	case *ssa.Convert:
		return fromBytes(x.X, p, depth+1)
	case *ssa.ChangeType:
		return fromBytes(x.X, p, depth+1)
	case *ssa.Slice:
		return fromBytes(x.X, p, depth+1)
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
			return fromBytes(ia.X, p, depth+1)
		}
	case *ssa.Extract:
		return fromBytes(x.Tuple, p, depth+1)
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if fromBytes(a, p, depth+1) {
				return true
			}
		}
	}
	return false
}

// reached returns root and the structs reached from its fields, through
// pointers, slices, arrays and maps.
func reached(root *types.Struct) map[*types.Struct]bool {
	seen := map[*types.Struct]bool{root: true}
	work := []*types.Struct{root}
	for len(work) > 0 {
		s := work[0]
		work = work[1:]
		for i := range s.NumFields() {
			if !encoded(s, i) {
				continue
			}
			child, _ := nestedStruct(s.Field(i).Type())
			if child == nil || seen[child] {
				continue
			}
			seen[child] = true
			work = append(work, child)
		}
	}
	return seen
}

// encoded reports whether the encodings (encoding/json, xml, gob,
// yaml, protobuf's, all by reflection) carry field i of s: an exported
// or embedded field, unless every encoding's tag it has omits it
// (json:"-"). What a record keeps in its unexported fields (the running
// object it belongs to, its server, the server's options) is not what
// it receives or sends.
func encoded(s *types.Struct, i int) bool {
	f := s.Field(i)
	if !f.Exported() && !f.Embedded() {
		return false
	}
	tag := reflect.StructTag(s.Tag(i))
	omitted := false
	for _, key := range encodingTags {
		if v, ok := tag.Lookup(key); ok {
			if v != "-" {
				return true
			}
			omitted = true
		}
	}
	return !omitted
}

// encodingTags are the struct tag keys of the encodings decoders and
// encoders use.
var encodingTags = []string{"json", "xml", "yaml", "toml", "msgpack", "cbor", "bson", "protobuf"}

// configuration reports whether a decoded value's struct s (named nt, or
// nil) is configuration whole: named like it, carrying a configuration
// tag, or declared.
func (d *discoverer) configuration(s *types.Struct, nt *types.Named, declared map[string]bool) bool {
	if d.hasTag(s, d.src.Tags) {
		return true
	}
	if nt == nil {
		return false
	}
	return hasSuffix(nt.Obj().Name(), d.src.TypeSuffixes) || nt.Obj().Pkg() != nil && declared[fullName(nt)]
}

// fromFile reports whether v, decoded bytes or a decoder, comes straight
// from a file: the result of a file read (sources.file_reads), or a
// decoder made over an *os.File.
func (d *discoverer) fromFile(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Extract:
		return d.fromFile(x.Tuple)
	case *ssa.Call:
		callee := x.Common().StaticCallee()
		if callee == nil {
			return false
		}
		if slices.Contains(d.src.FileReads, funcName(origin(callee))) {
			return true
		}
		// json.NewDecoder(f): a constructor taking a file.
		for _, a := range x.Common().Args {
			if mi, ok := a.(*ssa.MakeInterface); ok && isOSFile(mi.X.Type()) {
				return true
			}
		}
	}
	return false
}

// isOSFile reports whether t is *os.File.
func isOSFile(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	nt, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && nt.Obj().Pkg() != nil && nt.Obj().Pkg().Path() == "os" && nt.Obj().Name() == "File"
}
