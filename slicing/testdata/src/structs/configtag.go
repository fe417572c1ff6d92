package structs

import "fmt"

// TransferInfo is configuration by its tags alone: they are named
// config, as confita's loaders read them.
type TransferInfo struct {
	Transfers int  `config:"transfers"`
	UseMmap   bool `config:"use_mmap"`
}

var transferInfo = &TransferInfo{Transfers: 4}

func transfer() {
	ci := transferInfo
	for i := 0; i < ci.Transfers; i++ { // want option:"TransferInfo.Transfers" alias:"transfers"
		fmt.Println(i)
	}
	if ci.UseMmap { // want option:"TransferInfo.UseMmap" alias:"use_mmap"
		fmt.Println("mmap")
	}
}
