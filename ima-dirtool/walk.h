/* SPDX-License-Identifier: GPL-2.0 */
/* Walking the paths of the command line, recursively on one mount. */
#ifndef IMA_DIRTOOL_WALK_H
#define IMA_DIRTOOL_WALK_H

#include <stdbool.h>

#include "node.h"

struct walk {
	bool recursive;
	bool note_root;		/* note a start directory below a mount root */
	int verbose;
	/*
	 * Called for every object; for a directory of a recursive walk,
	 * @children is not NULL and should get the entry names (node_digest()
	 * does that).
	 */
	void (*visit)(struct walk *w, const struct node *n,
		      struct name_list *children);
	void *priv;
	unsigned long errors;	/* objects that could not be looked up */
};

void walk_path(struct walk *w, const char *path);

#endif
