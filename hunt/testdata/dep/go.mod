module confhunt.local/dep

go 1.26.0

require github.com/mitchellh/reflectwalk v1.0.2
