#!/usr/bin/env python3
"""Time cuBLAS GEMMs on the GPU once, for the matrix-unit section's comparison.

gpuarch measures the tensor units instruction by instruction; this script
measures what NVIDIA's library reaches on a whole GEMM (torch.matmul, which
calls cuBLAS), M = N = K = 8192, so the two can be put side by side. It
needs PyTorch with CUDA; it prints one JSON object (the figures and how they
were taken, and the GPU's name and UUID, which gpuarch report matches to
the run's) and changes no GPU setting.

Usage: python3 scripts/cublas_gemm.py > cublas-gemm.json
"""
import datetime
import json
import subprocess
import sys


def sm_clock_mhz():
    """The SM clock nvidia-smi reports now, or None."""
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=clocks.sm,power.draw", "--format=csv,noheader,nounits"],
                             capture_output=True, text=True, check=True).stdout.strip().split(",")
        return float(out[0]), float(out[1])
    except (OSError, subprocess.CalledProcessError, ValueError, IndexError):
        return None, None


def gpu_uuid(torch):
    """The GPU's UUID as NVML and gpuarch write it ("GPU-..."), or None.

    PyTorch gives it without NVML's "GPU-" prefix, and older releases not
    at all; gpuarch report matches the measurement to a run by it.
    """
    try:
        uuid = str(torch.cuda.get_device_properties(0).uuid)
    except (AttributeError, RuntimeError):
        return None
    if not uuid:
        return None
    return uuid if uuid.startswith(("GPU-", "MIG-")) else "GPU-" + uuid


def time_gemm(torch, fn, flops, iters=50, warmup=10):
    """Median-free timing: CUDA events around iters back-to-back calls."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        fn()
    end.record()
    end.synchronize()
    clock, power = sm_clock_mhz()
    ms = start.elapsed_time(end) / iters
    return {"ms_per_gemm": ms, "tflops": flops / (ms * 1e-3) / 1e12, "sm_clock_mhz_after": clock, "power_w_after": power}


def main():
    try:
        import torch
    except ImportError:
        print(json.dumps({"error": "PyTorch is not installed"}))
        return 1
    if not torch.cuda.is_available():
        print(json.dumps({"error": "no CUDA GPU visible to PyTorch"}))
        return 1
    n = 8192
    flops = 2 * n ** 3
    results = []
    for name, dtype in [("float16", torch.float16), ("bfloat16", torch.bfloat16)]:
        a = torch.rand(n, n, device="cuda", dtype=dtype)
        b = torch.rand(n, n, device="cuda", dtype=dtype)
        r = time_gemm(torch, lambda: torch.matmul(a, b), flops)
        r["dtype"] = name
        results.append(r)
    try:  # FP8 through the scaled-matmul entry point, where this PyTorch has one.
        a = torch.rand(n, n, device="cuda").to(torch.float8_e4m3fn)
        b = torch.rand(n, n, device="cuda").to(torch.float8_e4m3fn).t()
        one = torch.tensor(1.0, device="cuda")
        r = time_gemm(torch, lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16), flops)
        r["dtype"] = "float8_e4m3fn"
        results.append(r)
    except (AttributeError, RuntimeError, TypeError) as e:
        results.append({"dtype": "float8_e4m3fn", "error": str(e)})
    out = {
        "tool": "scripts/cublas_gemm.py (torch.matmul and torch._scaled_mm, which call cuBLAS/cuBLASLt)",
        "gpu": torch.cuda.get_device_name(0),
    }
    uuid = gpu_uuid(torch)
    if uuid:
        out["gpu_uuid"] = uuid
    out.update({
        "torch": torch.__version__, "cuda": torch.version.cuda,
        "m_n_k": n, "iterations": 50, "warmup": 10,
        "method": "CUDA events around 50 back-to-back GEMMs after 10 warm-up ones; inputs uniform in [0, 1)",
        "time": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "results": results,
    })
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
