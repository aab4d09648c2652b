"""Bit counting for the numba kernels as single machine instructions (LLVM's ctpop and cttz intrinsics).

numba has no population count or trailing-zero count of its own; a loop or a shift-and-add formula costs ten or
more instructions where the CPU has one (``popcnt``, ``tzcnt``), and the packing kernel asks for them at every
node. Both are for ``uint64`` words, callable from compiled code only.
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.extending import intrinsic


@intrinsic
def popcount(typingctx, word):
    """Number of set bits of a uint64 word (compiled code only)."""
    if word != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@intrinsic
def lowest_bit_index(typingctx, word):
    """Index of the lowest set bit of a uint64 word; 64 for zero (compiled code only)."""
    if word != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.uint64(types.uint64), codegen
