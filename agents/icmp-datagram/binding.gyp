{ "targets": [ { "target_name": "icmp_datagram", "sources": ["icmp-datagram.c"] } ] }
