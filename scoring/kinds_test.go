package scoring

import (
	"go/types"
	"reflect"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestInstructions checks that instructions, from which Kinds learns the
// names of instruction kinds, holds every instruction type of go/ssa.
func TestInstructions(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, "golang.org/x/tools/go/ssa")
	if err != nil || len(pkgs) != 1 || pkgs[0].Types == nil {
		t.Fatalf("loading go/ssa: %v", err)
	}
	scope := pkgs[0].Types.Scope()
	iface := scope.Lookup("Instruction").Type().Underlying().(*types.Interface)
	have := make(map[string]bool)
	for _, instr := range instructions {
		have[reflect.TypeOf(instr).Elem().Name()] = true
	}
	n := 0
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() || types.IsInterface(tn.Type()) {
			continue
		}
		if !types.Implements(types.NewPointer(tn.Type()), iface) {
			continue
		}
		n++
		if !have[name] {
			t.Errorf("go/ssa's instruction %s is not in instructions: Kinds does not know its name", name)
		}
	}
	if n < 30 {
		t.Errorf("only %d instruction types found in go/ssa", n)
	}
}
