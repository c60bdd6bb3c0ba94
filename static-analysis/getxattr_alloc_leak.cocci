// SPDX-License-Identifier: GPL-2.0
/// vfs_getxattr_alloc() allocates (or reallocates) the buffer it is given and
/// stores it there even when it then returns an error (the second ->get()
/// can fail), so a buffer held in a local variable must be freed on every
/// path that leaves the function, error paths included, unless it is handed
/// on (stored elsewhere or returned).
//
// Confidence: Moderate (a callee that takes ownership of the buffer is not
// seen: that is a false positive to explain, or better, to avoid)
// Options: --no-includes --include-headers

virtual report

@leak exists@
local idexpression buf;
expression list es1, es2;
expression E;
type T;
position p1, p2;
@@
vfs_getxattr_alloc@p1(es1, \(&buf\|(T)&buf\), es2)
... when != kfree(buf)
    when != kfree_sensitive(buf)
    when != kvfree(buf)
    when != E = buf
    when != E = (T)buf
(
return buf;
|
return (T)buf;
|
return@p2 ...;
)

@script:python depends on report@
p1 << leak.p1;
p2 << leak.p2;
@@
coccilib.report.print_report(p2[0], "buffer from vfs_getxattr_alloc() on line %s not freed on this return" % p1[0].line)
