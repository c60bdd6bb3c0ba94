// SPDX-License-Identifier: GPL-2.0
/// BUG_ON() or BUG() in code the series adds. The IMA, EVM and VFS
/// maintainers want no BUG_ON for recoverable conditions: warn once
/// (WARN_ON_ONCE()) and return an error instead. static-analysis/coccicheck.sh
/// reports only the matches on lines the series adds or changes.
//
// Confidence: High (it finds every call; whether the condition is truly
// unrecoverable is for the author to argue in the commit message)
// Options: --no-includes --include-headers

virtual report

@bug_on depends on report@
expression E;
position p;
@@
BUG_ON@p(E)

@script:python depends on report@
p << bug_on.p;
@@
coccilib.report.print_report(p[0], "BUG_ON(): use WARN_ON_ONCE() and return an error")

@bug depends on report@
position p;
@@
BUG@p()

@script:python depends on report@
p << bug.p;
@@
coccilib.report.print_report(p[0], "BUG(): use WARN_ON_ONCE() and return an error")
