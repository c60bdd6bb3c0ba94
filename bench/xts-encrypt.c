// SPDX-License-Identifier: GPL-2.0
/*
 * xts-encrypt - encrypt a disk image the way dm-crypt's aes-xts-plain64
 * with 512-byte sectors reads it (what "cryptsetup open --type plain"
 * maps): each sector on its own, AES-XTS with the tweak (IV) set to the
 * sector number as a 64-bit little-endian value followed by zeros. The
 * benchmark (bench/bench.sh) makes its dm-crypt disk this way on the host,
 * so that it holds the very file system of the other disks.
 *
 *   usage: xts-encrypt HEXKEY IN OUT   (HEXKEY: 64 bytes, AES-256-XTS)
 */
#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SECTOR	512
#define CHUNK	(2048 * SECTOR)

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int main(int argc, char **argv)
{
	static unsigned char in[CHUNK], out[CHUNK];
	unsigned char key[64], iv[16];
	uint64_t sector = 0;
	EVP_CIPHER_CTX *ctx;
	FILE *fin, *fout;
	size_t n, off;
	int i, len;

	if (argc != 4 || strlen(argv[1]) != 2 * sizeof(key)) {
		fprintf(stderr, "usage: xts-encrypt HEXKEY(128 hex digits) IN OUT\n");
		return 2;
	}
	for (i = 0; i < (int)sizeof(key); i++) {
		int hi = hexval(argv[1][2 * i]), lo = hexval(argv[1][2 * i + 1]);

		if (hi < 0 || lo < 0) {
			fprintf(stderr, "xts-encrypt: bad hex key\n");
			return 2;
		}
		key[i] = hi << 4 | lo;
	}
	fin = fopen(argv[2], "rb");
	fout = fopen(argv[3], "wb");
	if (!fin || !fout) {
		perror("xts-encrypt: open");
		return 1;
	}
	ctx = EVP_CIPHER_CTX_new();
	if (!ctx || !EVP_EncryptInit_ex(ctx, EVP_aes_256_xts(), NULL, key, NULL)) {
		fprintf(stderr, "xts-encrypt: cannot set up AES-256-XTS\n");
		return 1;
	}
	while ((n = fread(in, 1, sizeof(in), fin)) > 0) {
		if (n % SECTOR) {
			fprintf(stderr, "xts-encrypt: %s is not a whole number of sectors\n",
				argv[2]);
			return 1;
		}
		for (off = 0; off < n; off += SECTOR, sector++) {
			memset(iv, 0, sizeof(iv));
			for (i = 0; i < 8; i++)
				iv[i] = sector >> (8 * i);
			if (!EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, iv) ||
			    !EVP_EncryptUpdate(ctx, out + off, &len, in + off,
					       SECTOR) || len != SECTOR) {
				fprintf(stderr, "xts-encrypt: encryption failed\n");
				return 1;
			}
		}
		if (fwrite(out, 1, n, fout) != n) {
			perror("xts-encrypt: write");
			return 1;
		}
	}
	if (ferror(fin) || fclose(fout)) {
		perror("xts-encrypt");
		return 1;
	}
	fclose(fin);
	EVP_CIPHER_CTX_free(ctx);
	return 0;
}
