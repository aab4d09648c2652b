"""Machine operations numba does not offer, as intrinsics: a cache prefetch, two atomic read-modify-writes and an
unaligned eight-byte load.

Why: the optimal search's interleaved kernel (`interleaved`) hides the latency of its table reads by prefetching
them for one subtree while it works on others, and its threads take work from a shared counter inside the
kernel rather than through the interpreter; the residue tables' forward levels let every core write any row
because an entry is set by an atomic AND of its byte (`fetch_and_byte`).
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

_I8_PTR = ir.IntType(8).as_pointer()
_I32 = ir.IntType(32)


@intrinsic
def prefetch(typingctx, array, index):
    """Ask for the cache line of array[index] to be loaded, without waiting for it (no bounds check). `index` is
    an integer for a 1-D array, or a tuple of integers, one per dimension."""
    n_indices = len(index) if isinstance(index, types.BaseTuple) else 1
    if not isinstance(array, types.Array) or n_indices != array.ndim:
        return None

    def codegen(context, builder, signature, args):
        array_type, index_type = signature.args
        view = context.make_array(array_type)(context, builder, args[0])
        if isinstance(index_type, types.BaseTuple):
            values, value_types = cgutils.unpack_tuple(builder, args[1]), list(index_type)
        else:
            values, value_types = [args[1]], [index_type]
        indices = [context.cast(builder, v, t, types.intp) for v, t in zip(values, value_types, strict=True)]
        pointer = cgutils.get_item_pointer(context, builder, array_type, view, indices, wraparound=False,
                                           boundscheck=False)  # fmt: skip
        function = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [_I8_PTR, _I32, _I32, _I32]), "llvm.prefetch.p0"
        )
        # read access, highest temporal locality (keep in all cache levels), data cache
        builder.call(function, [builder.bitcast(pointer, _I8_PTR), _I32(0), _I32(3), _I32(1)])
        return context.get_dummy_value()

    return types.void(array, index), codegen


@intrinsic
def fetch_add(typingctx, array, value):
    """Atomically add `value` to array[0] (an int64 array shared between threads); returns the old value."""

    def codegen(context, builder, signature, args):
        array_type = signature.args[0]
        view = context.make_array(array_type)(context, builder, args[0])
        pointer = cgutils.get_item_pointer(context, builder, array_type, view, [context.get_constant(types.intp, 0)])
        return builder.atomic_rmw("add", pointer, args[1], "seq_cst")

    return types.int64(array, types.int64), codegen


@intrinsic
def fetch_and_byte(typingctx, array, index, mask):
    """Atomically array[index] &= mask (a uint8 array shared between threads, no bounds check); returns the old
    byte."""
    if not isinstance(array, types.Array) or array.dtype != types.uint8 or array.ndim != 1:
        return None

    def codegen(context, builder, signature, args):
        array_type, index_type, mask_type = signature.args
        view = context.make_array(array_type)(context, builder, args[0])
        position = context.cast(builder, args[1], index_type, types.intp)
        pointer = cgutils.get_item_pointer(context, builder, array_type, view, [position], wraparound=False,
                                           boundscheck=False)  # fmt: skip
        value = context.cast(builder, args[2], mask_type, types.uint8)
        return builder.atomic_rmw("and", pointer, value, "monotonic")

    return types.uint8(array, index, mask), codegen


@intrinsic
def load_u64(typingctx, array, index):
    """The eight bytes array[index:index + 8] of a uint8 array as one little-endian uint64, wherever they start
    (no alignment needed, no bounds check): the residue tables' builders read 32 packed entries at once."""
    if not isinstance(array, types.Array) or array.dtype != types.uint8 or array.ndim != 1:
        return None

    def codegen(context, builder, signature, args):
        array_type, index_type = signature.args
        view = context.make_array(array_type)(context, builder, args[0])
        position = context.cast(builder, args[1], index_type, types.intp)
        pointer = cgutils.get_item_pointer(context, builder, array_type, view, [position], wraparound=False,
                                           boundscheck=False)  # fmt: skip
        word = builder.bitcast(pointer, ir.IntType(64).as_pointer())
        return builder.load(word, align=1)

    return types.uint64(array, index), codegen
