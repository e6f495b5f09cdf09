// Command gpuarch measures a GPU's microarchitecture from the inside and
// writes the reference document performance engineers reason from. Run
// `gpuarch help` for the commands.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/gpuarch/gpuarch/cmd/gpuarch/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := cli.Run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !cli.Reported(err) {
			fmt.Fprintln(os.Stderr, "gpuarch:", err)
		}
		os.Exit(cli.ExitCode(err))
	}
}
