# confhunt: the two commands a newcomer needs are `make demo` and `make test`.

GO      ?= go
EXAMPLE := benchmarks/kvstore
TARGETS := $(dir $(wildcard benchmarks/*/go.mod))

.PHONY: demo test install vet vet-cross fmt-check fuzz bench bench-scale eval eval-real eval-real-static eval-outside eval-compare chromium

## demo: list and rank the options of the bundled example service (benchmarks/kvstore)
demo:
	$(GO) build -o bin/confhunt ./cmd/confhunt
	@echo "== confhunt sources: every option of the example service and where it is read"
	bin/confhunt sources -C $(EXAMPLE) ./...
	@echo
	@echo "== confhunt rank: the server's options by the work they control (* = suspect)"
	bin/confhunt rank -C $(EXAMPLE) ./cmd/kvstored ./internal/...
	@echo
	@echo "== confhunt rank -explain: the lines behind one option's score"
	bin/confhunt rank -C $(EXAMPLE) -explain Config.WAL.SyncWrites -lines 5 ./cmd/kvstored ./internal/...
	@echo
	@echo "== confhunt rank -values: one deployment's settings (VALUE), each held against the costly side of its option"
	bin/confhunt rank -C $(EXAMPLE) -values $(EXAMPLE)/deploy/prod.yaml ./cmd/kvstored ./internal/...

## test: vet and test confhunt and the target programs in benchmarks/ (and vet it for macOS and Windows)
test: fmt-check vet
	$(GO) test ./...
	for d in $(TARGETS); do (cd $$d && $(GO) vet ./... && $(GO) test ./...) || exit 1; done

vet:
	$(GO) vet ./...

## vet-cross: confhunt builds and vets on macOS and Windows (counts and hunt say there that they are not supported)
vet-cross:
	GOOS=darwin $(GO) vet ./...
	GOOS=windows $(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null | grep -v /testdata/ || find . -name '*.go' -not -path '*/testdata/*')); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

## install: put confhunt in $(go env GOBIN) or $(go env GOPATH)/bin
install:
	$(GO) install ./cmd/confhunt

## fuzz: fuzz the readers of counts files, coverage profiles, settings files and values files, FUZZTIME each (make fuzz FUZZTIME=10m); make test runs their seeds
FUZZTIME ?= 1m
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(FUZZTIME) ./counts
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./counts
	$(GO) test -run '^$$' -fuzz '^FuzzLoad$$' -fuzztime $(FUZZTIME) ./configs
	$(GO) test -run '^$$' -fuzz '^FuzzReadValues$$' -fuzztime $(FUZZTIME) ./scoring

## bench: benchmarks of confhunt's own stages (rank on the example service)
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./scoring

## bench-scale: rank large real modules (minio, gRPC) whole: cold, cached, after a one-file change; writes benchmarks/SCALE.md
bench-scale:
	$(GO) build -o bin/confhunt ./cmd/confhunt
	$(GO) run ./benchmarks/eval -confhunt bin/confhunt -scale -o benchmarks/SCALE.md

## eval: judge confhunt on the target programs (benchmarks/*/truth.yaml) and a large module: rankings, hunt, mutation (each HTML report checked in headless Chromium) and the measured ranking (rank -measure); writes benchmarks/EVAL.md
eval: chromium
	$(GO) build -o bin/confhunt ./cmd/confhunt
	$(GO) run ./benchmarks/eval -confhunt bin/confhunt -o benchmarks/EVAL.md

## chromium: Debian's chromium, which make eval opens the HTML mutation reports in; installed only when missing
chromium:
	@command -v chromium >/dev/null || { apt-get update && apt-get install -y chromium; }

## eval-real: judge the ranking on real public Go code (benchmarks/real/corpus.yaml), statically and with counts from each project's tests; writes benchmarks/EVAL-REAL.md, then bench-scale
eval-real:
	$(GO) build -o bin/confhunt ./cmd/confhunt
	$(GO) run ./benchmarks/eval -confhunt bin/confhunt -real benchmarks/real/corpus.yaml -o benchmarks/EVAL-REAL.md
	$(GO) run ./benchmarks/eval -confhunt bin/confhunt -scale -o benchmarks/SCALE.md

## eval-compare: confhunt compare on real commits with stated speed-ups or slow-downs (benchmarks/real/commits.yaml); writes benchmarks/EVAL-COMPARE.md (CONFHUNT_MIRRORS=dir: clone from local mirrors)
eval-compare:
	$(GO) build -o bin/confhunt ./cmd/confhunt
	$(GO) run ./benchmarks/eval -confhunt bin/confhunt -compare benchmarks/real/commits.yaml -o benchmarks/EVAL-COMPARE.md

## eval-outside: the ranking on the outside yardsticks (benchmarks/real/outside/*.tsv: modules neither in the corpus nor held back), a second check that a ranking change is not fitted to the corpus; writes benchmarks/EVAL-OUTSIDE.md
eval-outside:
	$(GO) build -o bin/confhunt ./cmd/confhunt
	$(GO) run ./benchmarks/eval -confhunt bin/confhunt -outside benchmarks/real/outside -o benchmarks/EVAL-OUTSIDE.md

## eval-real-static: the static pass of eval-real only (minutes), for a change's before and after
eval-real-static:
	$(GO) build -o bin/confhunt ./cmd/confhunt
	$(GO) run ./benchmarks/eval -confhunt bin/confhunt -real benchmarks/real/corpus.yaml -counts=false -o benchmarks/EVAL-REAL.md
