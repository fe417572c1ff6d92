module confhunt.local/variants

go 1.26.0
