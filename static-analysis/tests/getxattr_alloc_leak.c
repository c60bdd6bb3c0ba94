// SPDX-License-Identifier: GPL-2.0
/* Cases for ../getxattr_alloc_leak.cocci: each line the rule must report
 * carries the EXPECT comment; no other line may be reported. */

static int freed_on_all_paths(struct dentry *d)
{
	char *buf = NULL;
	int rc;

	rc = vfs_getxattr_alloc(&nop_mnt_idmap, d, "security.ima", &buf, 0, GFP_NOFS);
	if (rc < 0)
		goto out;
	rc = check(buf, rc);
out:
	kfree(buf);
	return rc;
}

static int leak_on_error(struct dentry *d)
{
	struct evm_ima_xattr_data *x = NULL;
	int rc;

	rc = vfs_getxattr_alloc(&nop_mnt_idmap, d, "security.evm", (char **)&x, 0, GFP_NOFS);
	if (rc <= 0)
		return -EPERM; /* EXPECT */
	rc = x->type;
	kfree(x);
	return rc;
}

static int handed_on(struct dentry *d, char **out)
{
	char *buf = NULL;
	int rc;

	rc = vfs_getxattr_alloc(&nop_mnt_idmap, d, "security.ima", &buf, 0, GFP_NOFS);
	*out = buf;
	return rc;
}

static char *returned(struct dentry *d)
{
	char *buf = NULL;

	if (vfs_getxattr_alloc(&nop_mnt_idmap, d, "security.ima", &buf, 0, GFP_NOFS) < 0) {
		kfree(buf);
		return NULL;
	}
	return buf;
}

static int out_param(struct dentry *d, char **value)
{
	/* not a local variable: the caller owns it */
	return vfs_getxattr_alloc(&nop_mnt_idmap, d, "security.ima", value, 0, GFP_NOFS);
}

static int leak_on_success(struct dentry *d)
{
	char *buf = NULL;
	int rc;

	rc = vfs_getxattr_alloc(&nop_mnt_idmap, d, "security.ima", &buf, 0, GFP_NOFS);
	if (rc < 0) {
		kfree(buf);
		return rc;
	}
	return buf[0]; /* EXPECT */
}
