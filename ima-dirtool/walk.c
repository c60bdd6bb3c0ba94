// SPDX-License-Identifier: GPL-2.0
/*
 * Walk a path and, recursively, the directories below it. The walk never
 * follows a symbolic link and stays on the mount it starts on: the
 * directory a file system is mounted on is left alone (it belongs to the
 * other file system, and the kernel labels each file system's own
 * directories).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "walk.h"

static void walk_node(struct walk *w, const struct node *n)
{
	struct name_list children = { 0 };
	bool down = w->recursive && n->type == NODE_DIR;
	struct node c;
	size_t i;
	int rc;

	w->visit(w, n, down ? &children : NULL);
	if (!down)
		return;
	name_list_sort(&children);
	for (i = 0; i < children.count; i++) {
		char *path = path_join(n->path, children.names[i]);

		rc = node_stat(path, &c);
		if (rc) {
			w->errors++;
			err_path(path, rc == -ENOTSUP ? "unsupported file type" :
				 "cannot look up", rc == -ENOTSUP ? 0 : -rc, NULL);
		} else if (!node_same_mount(n, &c)) {
			if (w->verbose) {
				fprintf(stderr, "%s: ", prog);
				print_path(stderr, path);
				fprintf(stderr, ": mount point, not crossed\n");
			}
		} else {
			walk_node(w, &c);
		}
		free(path);
	}
	name_list_free(&children);
}

/**
 * walk_path - visit a path (and what is below it, with w->recursive)
 * @w: the walk
 * @path: the path; a symbolic link is visited, not followed
 */
void walk_path(struct walk *w, const char *path)
{
	struct node n;
	int rc;

	rc = node_stat(path, &n);
	if (rc) {
		w->errors++;
		err_path(path, rc == -ENOTSUP ? "unsupported file type" :
			 "cannot look up", rc == -ENOTSUP ? 0 : -rc, NULL);
		return;
	}
	if (w->note_root && n.type == NODE_DIR && !node_is_mount_root(&n)) {
		fprintf(stderr, "%s: note: ", prog);
		print_path(stderr, path);
		fprintf(stderr, " is not the root of its file system: path walk appraises the directories above it too, label from the root (see ima-dirtool(8))\n");
	}
	walk_node(w, &n);
}
