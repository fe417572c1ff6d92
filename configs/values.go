package configs

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// enums are the settings that take one of a few words; "" is always
// allowed and means none.
var enums = map[string][]string{
	// slicing's kinds of influence (a test keeps the two lists equal).
	"resources.influence": {"size", "trip", "path", "conc", "time", "io", "bound", "lock"},
	"resources.scales":    {"cpu", "mem", "io"},
}

// probabilities are the settings that must lie in [0, 1].
var probabilities = map[string]bool{"estimates.branch": true, "estimates.error_branch": true}

// positives are the settings that must be above 0: a cap of 0 on how
// often a function runs would weigh every instruction 0.
var positives = map[string]bool{"limits.max_call_frequency": true}

// badFloat says what is wrong with v as the value of the setting at path
// (list indexes left out), or returns "". Every number is finite and
// none is negative: weights, costs and estimates are counts and sizes.
func badFloat(path string, v float64) string {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return fmt.Sprintf("%s: %v is not a finite number", path, v)
	case path == "top":
		if v <= 0 || v > 100 {
			return fmt.Sprintf("top: %v is not a percentage in (0, 100]", v)
		}
	case probabilities[path]:
		if v < 0 || v > 1 {
			return fmt.Sprintf("%s: %v is not a probability in [0, 1]", path, v)
		}
	case positives[path]:
		if v <= 0 {
			return fmt.Sprintf("%s: %v is not positive", path, v)
		}
	case v < 0:
		return fmt.Sprintf("%s: %v is negative", path, v)
	}
	return ""
}

// badInt does for argument indexes what badFloat does for numbers. An
// unmarshal entry's key may be -1: a call that takes no key.
func badInt(path string, v int) string {
	if v < 0 && !(path == "sources.unmarshal.key" && v == -1) {
		return fmt.Sprintf("%s: %d is negative", path, v)
	}
	return ""
}

func badString(path, v string) string {
	if words, ok := enums[path]; ok && v != "" && !slices.Contains(words, v) {
		return fmt.Sprintf("%s: %q is not one of %s", path, v, strings.Join(words, ", "))
	}
	return ""
}

// validate checks every value of s, as the checker checks a settings file,
// and returns the path of the first bad one and what is wrong with it.
// It catches what the environment and flags set.
func validate(s *Settings) (path, problem string) {
	var walk func(v reflect.Value, path string) bool
	walk = func(v reflect.Value, p string) bool {
		switch v.Kind() {
		case reflect.Struct:
			t := v.Type()
			for i := range t.NumField() {
				if walk(v.Field(i), join(p, t.Field(i).Tag.Get("koanf"))) {
					return true
				}
			}
		case reflect.Map:
			keys := v.MapKeys()
			sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
			for _, k := range keys {
				if walk(v.MapIndex(k), join(p, k.String())) {
					return true
				}
			}
		case reflect.Slice:
			for i := range v.Len() {
				if walk(v.Index(i), p) {
					return true
				}
			}
		case reflect.Float64:
			problem = badFloat(p, v.Float())
		case reflect.Int:
			problem = badInt(p, int(v.Int()))
		case reflect.String:
			problem = badString(p, v.String())
		}
		if problem != "" {
			path = p
			return true
		}
		return false
	}
	walk(reflect.ValueOf(s).Elem(), "")
	return path, problem
}
