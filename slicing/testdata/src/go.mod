module example.com/t

go 1.26.0

require (
	example.com/colour v0.0.0
	example.com/diskq v0.0.0
	example.com/resolve v0.0.0
	github.com/alecthomas/kingpin/v2 v2.0.0
	github.com/knadh/koanf/v2 v2.0.0
	github.com/sirupsen/logrus v1.0.0
	github.com/spf13/pflag v1.0.0
	github.com/spf13/viper v1.0.0
	github.com/urfave/cli/v2 v2.0.0
	golang.org/x/sync v0.0.0
	k8s.io/component-base v0.0.0
)

replace (
	example.com/colour => ./stubs/colour
	example.com/resolve => ./stubs/resolve
	github.com/alecthomas/kingpin/v2 => ./stubs/kingpin
	github.com/knadh/koanf/v2 => ./stubs/koanf
	github.com/sirupsen/logrus => ./stubs/logrus
	github.com/spf13/pflag => ./stubs/pflag
	github.com/spf13/viper => ./stubs/viper
	github.com/urfave/cli/v2 => ./stubs/urfavecli
	golang.org/x/sync => ./stubs/xsync
	k8s.io/component-base => ./stubs/featuregate
)

replace example.com/diskq => ./stubs/diskq
