// SPDX-License-Identifier: GPL-2.0
/* Cases for ../bug_on.cocci: each line the rule must report carries
 * the EXPECT comment; no other line may be reported. */

static int f(struct inode *inode)
{
	BUG_ON(!inode); /* EXPECT */
	if (WARN_ON_ONCE(!inode->i_sb))
		return -EINVAL;
	if (inode->i_nlink > 1000)
		BUG(); /* EXPECT */
	VM_WARN_ON(inode->i_count.counter == 0);
	return 0;
}
