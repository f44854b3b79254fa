package k8s

import (
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The operators' Go types are not dependencies of this module (nor served where the tests
// run), so each custom resource the optional components use is held, strictly, to the part of
// its operator's schema the component uses, with the operators' field names:
// CloudNativePG (postgresql.cnpg.io/v1 Cluster, ScheduledBackup), its Barman Cloud plugin
// (barmancloud.cnpg.io/v1 ObjectStore) and the Spotahome redis-operator
// (databases.spotahome.com/v1 RedisFailover).
func init() {
	typed["postgresql.cnpg.io/v1/Cluster"] = func() any { return &cnpgCluster{} }
	typed["postgresql.cnpg.io/v1/ScheduledBackup"] = func() any { return &cnpgScheduledBackup{} }
	typed["barmancloud.cnpg.io/v1/ObjectStore"] = func() any { return &barmanObjectStore{} }
	typed["databases.spotahome.com/v1/RedisFailover"] = func() any { return &redisFailover{} }
}

type secretKey struct {
	Name string `json:"name"`
	Key  string `json:"key"`
}

type cnpgCluster struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Metadata   metav1.ObjectMeta `json:"metadata"`
	Spec       struct {
		Instances  int `json:"instances"`
		PostgreSQL struct {
			Synchronous *struct {
				Method         string `json:"method"`
				Number         int    `json:"number"`
				DataDurability string `json:"dataDurability,omitempty"`
			} `json:"synchronous,omitempty"`
			Parameters map[string]string `json:"parameters,omitempty"`
		} `json:"postgresql"`
		Bootstrap struct {
			InitDB struct {
				Database string `json:"database"`
				Owner    string `json:"owner"`
			} `json:"initdb"`
		} `json:"bootstrap"`
		Storage struct {
			Size         string `json:"size"`
			StorageClass string `json:"storageClass,omitempty"`
		} `json:"storage"`
		Resources corev1.ResourceRequirements `json:"resources"`
		Affinity  struct {
			EnablePodAntiAffinity bool   `json:"enablePodAntiAffinity"`
			TopologyKey           string `json:"topologyKey"`
			PodAntiAffinityType   string `json:"podAntiAffinityType,omitempty"`
		} `json:"affinity"`
		Plugins []struct {
			Name          string            `json:"name"`
			Enabled       *bool             `json:"enabled,omitempty"`
			IsWALArchiver bool              `json:"isWALArchiver,omitempty"`
			Parameters    map[string]string `json:"parameters,omitempty"`
		} `json:"plugins,omitempty"`
	} `json:"spec"`
}

type cnpgScheduledBackup struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Metadata   metav1.ObjectMeta `json:"metadata"`
	Spec       struct {
		Schedule             string `json:"schedule"`
		BackupOwnerReference string `json:"backupOwnerReference,omitempty"`
		Cluster              struct {
			Name string `json:"name"`
		} `json:"cluster"`
		Method              string `json:"method,omitempty"`
		PluginConfiguration *struct {
			Name string `json:"name"`
		} `json:"pluginConfiguration,omitempty"`
	} `json:"spec"`
}

type barmanObjectStore struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Metadata   metav1.ObjectMeta `json:"metadata"`
	Spec       struct {
		RetentionPolicy string `json:"retentionPolicy,omitempty"`
		Configuration   struct {
			DestinationPath string `json:"destinationPath"`
			EndpointURL     string `json:"endpointURL,omitempty"`
			S3Credentials   *struct {
				AccessKeyID     secretKey `json:"accessKeyId"`
				SecretAccessKey secretKey `json:"secretAccessKey"`
			} `json:"s3Credentials,omitempty"`
			WAL *struct {
				Compression string `json:"compression,omitempty"`
			} `json:"wal,omitempty"`
			Data *struct {
				Compression string `json:"compression,omitempty"`
			} `json:"data,omitempty"`
		} `json:"configuration"`
	} `json:"spec"`
}

type redisFailover struct {
	APIVersion string            `json:"apiVersion"`
	Kind       string            `json:"kind"`
	Metadata   metav1.ObjectMeta `json:"metadata"`
	Spec       struct {
		Sentinel struct {
			Replicas     int                         `json:"replicas"`
			Resources    corev1.ResourceRequirements `json:"resources"`
			CustomConfig []string                    `json:"customConfig,omitempty"`
		} `json:"sentinel"`
		Redis struct {
			Replicas     int                         `json:"replicas"`
			Resources    corev1.ResourceRequirements `json:"resources"`
			CustomConfig []string                    `json:"customConfig,omitempty"`
		} `json:"redis"`
	} `json:"spec"`
}

// The state components: PostgreSQL with a synchronous replica and backups that name the
// cluster and store that exist; Redis behind sentinels; every target that reads the database
// reads the operator's Secret; the Redis URL goes through the sentinels.
func TestStateComponentsRenderAgainstTheOperatorsSchemas(t *testing.T) {
	t.Parallel()
	var clusters []*cnpgCluster
	var backups []*cnpgScheduledBackup
	stores := map[string]bool{}
	var failovers int
	var redisURL string
	dbSecrets := map[string]string{}
	for _, obj := range render(t, "overlays/production-ha") {
		out, err := decodeStrict(obj)
		if err != nil {
			t.Fatalf("%s %v: %v", obj["kind"], obj["metadata"], err)
		}
		switch o := out.(type) {
		case *cnpgCluster:
			clusters = append(clusters, o)
		case *cnpgScheduledBackup:
			backups = append(backups, o)
		case *barmanObjectStore:
			stores[o.Metadata.Name] = true
		case *redisFailover:
			failovers++
			if o.Spec.Redis.Replicas < 2 || o.Spec.Sentinel.Replicas < 3 {
				t.Errorf("RedisFailover: %d redis, %d sentinels; want a replica and a sentinel quorum", o.Spec.Redis.Replicas, o.Spec.Sentinel.Replicas)
			}
		case *corev1.ConfigMap:
			if v, ok := o.Data["PODIUM_REDIS_URL"]; ok {
				redisURL = v
			}
		case *appsv1.Deployment:
			collectDatabaseSecret(dbSecrets, o.Name, o.Spec.Template.Spec.Containers)
		case *batchv1.Job:
			collectDatabaseSecret(dbSecrets, o.Name, o.Spec.Template.Spec.Containers)
		}
	}
	if len(clusters) != 1 {
		t.Fatalf("%d CloudNativePG clusters, want 1", len(clusters))
	}
	c := clusters[0]
	if s := c.Spec.PostgreSQL.Synchronous; c.Spec.Instances < 2 || s == nil || s.Number < 1 || s.DataDurability != "required" {
		t.Errorf("the cluster has no required synchronous replica: %d instances, %+v", c.Spec.Instances, s)
	}
	for _, p := range c.Spec.Plugins {
		if p.IsWALArchiver && !stores[p.Parameters["barmanObjectName"]] {
			t.Errorf("WAL archiver names object store %q, which is not rendered", p.Parameters["barmanObjectName"])
		}
	}
	if len(backups) != 1 || backups[0].Spec.Cluster.Name != c.Metadata.Name || len(strings.Fields(backups[0].Spec.Schedule)) != 6 {
		t.Errorf("scheduled backups: %+v; want one, of %s, with a six-field schedule", backups, c.Metadata.Name)
	}
	if failovers != 1 || !strings.Contains(redisURL, "master_name=") {
		t.Errorf("%d RedisFailovers, PODIUM_REDIS_URL %q; want one, reached through the sentinels", failovers, redisURL)
	}
	for _, name := range []string{"auth-svc", "competition-svc", "results-svc", "podium-migrate"} {
		if dbSecrets[name] != "podium-db-app/uri" {
			t.Errorf("%s reads the database URL from %q, want the operator's podium-db-app/uri", name, dbSecrets[name])
		}
	}
}

func collectDatabaseSecret(into map[string]string, name string, containers []corev1.Container) {
	for _, c := range containers {
		for _, e := range c.Env {
			if e.Name == "PODIUM_DATABASE_URL" && e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
				into[name] = e.ValueFrom.SecretKeyRef.Name + "/" + e.ValueFrom.SecretKeyRef.Key
			}
		}
	}
}
