#!/bin/sh
# Stage 'cut-dpkg' (enforce mode): install and remove packages until the
# power is cut (vm/cut-qemu.sh waits for "storm: started"). Every step is
# logged as "op N ..."; an unexpected failure as "storm: FAIL ...".
# shellcheck source=vm/guest/lib.sh
. /usr/local/lib/itest/lib.sh
export DEBIAN_FRONTEND=noninteractive
echo "storm: started"
i=0
while :; do
	i=$((i + 1))
	dpkg -i /root/debs/tree_*.deb /root/debs/cpio_*.deb >/run/dpkg.log 2>&1 ||
		echo "storm: FAIL dpkg -i tree cpio ($i): $(tail -n 2 /run/dpkg.log | tr '\n' ' ')"
	echo "op $i installed tree cpio"
	dpkg -r tree cpio less >/run/dpkg.log 2>&1 ||
		echo "storm: FAIL dpkg -r tree cpio less ($i): $(tail -n 2 /run/dpkg.log | tr '\n' ' ')"
	echo "op $i removed tree cpio less"
	dpkg -i /root/debs/less_*.deb >/run/dpkg.log 2>&1 ||
		echo "storm: FAIL dpkg -i less ($i): $(tail -n 2 /run/dpkg.log | tr '\n' ' ')"
	echo "op $i installed less"
done
